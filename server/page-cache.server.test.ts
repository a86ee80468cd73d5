import { createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ApiCall } from "../app/api-client/api-call.ts";
import { CART_COOKIE, CURRENCY_COOKIE, SESSION_COOKIE } from "../app/lib/constants.ts";
import { sharedPageVariant } from "../app/lib/document-caching.server.ts";
import { compressAtBest } from "./compress-at-best.server.ts";
import { createPageCache, pageRenderOf } from "./page-cache.server.ts";

const PRODUCT_CALL: ApiCall = { send: (api) => api.public.products[":id"].$get({ param: { id: "7" }, query: {} }), schema: z.unknown() };

/** A GET whose body is returned as it came over the wire (fetch would decode it). */
function wireGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

describe("createPageCache", () => {
  let server: Server;
  let baseUrl: string;
  let generation: number | undefined;
  let renders: string[];
  let replays: { calls: readonly ApiCall[]; url: string }[];

  beforeEach(async () => {
    generation = 1;
    renders = [];
    replays = [];
    const app = express();
    app.use(compression());
    app.use((_req, res, next) => {
      res.setHeader("X-Frame-Options", "DENY");
      next();
    });
    app.use(
      createPageCache({
        ttlMs: 60_000,
        generation: () => generation,
        maxBytes: 1024 * 1024,
        replay: (calls, req) => replays.push({ calls, url: req.originalUrl }),
        logger: { warn: () => undefined },
      }),
    );
    // A page as the storefront's entry answers it: the render's headers (the policy naming its script by hash) and
    // the whole document, handed to the cache, past compression's threshold.
    app.get("/{*path}", (req, res) => {
      renders.push(req.originalUrl);
      const render = pageRenderOf(res);
      if (req.path === "/product") render?.calls.push(PRODUCT_CALL);
      if (req.path === "/failed-call" && render) render.spoiled = true;
      const status = req.path === "/missing" ? 404 : 200;
      const variant = sharedPageVariant(req.headers.cookie);
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": variant === null || req.path === "/private" ? "private, no-cache" : "public, max-age=10",
        "Content-Security-Policy": `script-src 'sha256-${renders.length}'`,
      });
      if (req.path === "/sets-cookie") headers.set("Set-Cookie", "cart=1");
      const body = Buffer.from(
        `<html><head><script>1</script></head><body>${req.originalUrl} ${variant} £ é${"<p>Abaya</p>".repeat(200)}</body></html>`,
      );
      render?.keep(status, headers, body);
      res.status(status).setHeaders(headers).end(body);
    });
    server = createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { headers: { "user-agent": BROWSER, "accept-encoding": "identity", ...headers } });

  it("answers a page asked for again without cookies from memory: the same bytes and the render's own headers", async () => {
    const first = await get("/products?sort=price");
    const firstHtml = await first.text();
    const second = await get("/products?sort=price");
    const secondHtml = await second.text();

    expect(renders).toEqual(["/products?sort=price"]);
    expect(first.headers.get("age")).toBeNull();
    expect(second.headers.get("age")).toBe("0");
    expect(second.headers.get("cache-control")).toBe("public, max-age=10");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'sha256-1'");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(secondHtml).toBe(firstHtml);
    expect(secondHtml).toContain("£ é");
  });

  it("compresses a kept page for a client that accepts it, whether or not its render was compressed", async () => {
    await get("/products", { "accept-encoding": "gzip" });
    const kept = await get("/products", { "accept-encoding": "gzip" });
    expect(kept.headers.get("age")).toBe("0");
    expect(kept.headers.get("content-encoding")).toBe("gzip");
    expect(await kept.text()).toContain("<script>1</script>");
  });

  it("sends a kept page as compressed once at the highest settings, in the encoding the browser prefers", async () => {
    const rendered = Buffer.from(await (await get("/products")).arrayBuffer());
    const once = {
      br: brotliCompressSync(rendered, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(rendered, { level: zlib.Z_BEST_COMPRESSION }),
    };
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, br;q=0", "gzip"],
    ] as const) {
      await vi.waitFor(async () => {
        const kept = await wireGet(`${baseUrl}/products`, { "user-agent": BROWSER, "accept-encoding": accept });
        expect(kept.headers.age).toBe("0");
        expect(kept.headers["content-encoding"]).toBe(encoding);
        expect(kept.headers.vary).toMatch(/Accept-Encoding/);
        expect(kept.body.equals(once[encoding])).toBe(true);
      });
    }
    const plain = await wireGet(`${baseUrl}/products`, { "user-agent": BROWSER });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(rendered)).toBe(true);
    expect(renders).toEqual(["/products"]);
  });

  it("compresses a kept page once, and only when it is asked for again", async () => {
    const brotli = vi.spyOn(compressAtBest, "br");
    await get("/asked-once");
    expect(brotli).not.toHaveBeenCalled();
    await get("/asked-once");
    await get("/asked-once");
    expect(brotli).toHaveBeenCalledTimes(1);
    brotli.mockRestore();
  });

  it("renders every request with a session or a cart cookie, and never keeps what it rendered", async () => {
    for (const cookie of [`${SESSION_COOKIE}=abc`, `${CURRENCY_COOKIE}=EUR; ${CART_COOKIE}=def`]) {
      await get("/products", { cookie });
      expect((await get("/products", { cookie })).headers.get("age"), cookie).toBeNull();
    }
    await get("/products");
    expect(renders).toEqual(["/products", "/products", "/products", "/products", "/products"]);
  });

  it("keeps a page per display currency, and cookies no page reads do not split it", async () => {
    const euros = `${CURRENCY_COOKIE}=EUR`;
    await get("/products", { cookie: euros });
    const kept = await get("/products", { cookie: `lb=node-2; ${euros}; consent=yes` });
    expect(kept.headers.get("age")).toBe("0");
    expect(await kept.text()).toContain("/products EUR £");
    await get("/products", { cookie: `${CURRENCY_COOKIE}=USD` });
    await get("/products");
    const plain = await get("/products", { cookie: "lb=node-1" });
    expect(plain.headers.get("age")).toBe("0");
    expect(await plain.text()).toContain("/products  £");
    expect(renders).toEqual(["/products", "/products", "/products"]);
  });

  it("keeps only a 200 marked public that sets no cookie, from a render nothing spoiled", async () => {
    for (const path of ["/missing", "/private", "/sets-cookie", "/failed-call"]) {
      await get(path);
      expect((await get(path)).headers.get("age"), path).toBeNull();
    }
    expect(renders).toEqual([
      "/missing",
      "/missing",
      "/private",
      "/private",
      "/sets-cookie",
      "/sets-cookie",
      "/failed-call",
      "/failed-call",
    ]);
  });

  it("renders again once the catalogue has changed", async () => {
    await get("/products");
    generation = 2;
    const after = await get("/products");
    expect(after.headers.get("age")).toBeNull();
    expect((await get("/products")).headers.get("age")).toBe("0");
    expect(renders).toEqual(["/products", "/products"]);
  });

  it("neither answers nor keeps pages while the catalogue generation is not known to be recent", async () => {
    await get("/products");
    generation = undefined;
    expect((await get("/products")).headers.get("age")).toBeNull();
    expect((await get("/products")).headers.get("age")).toBeNull();
    generation = 1;
    expect((await get("/products")).headers.get("age")).toBe("0");
    expect(renders).toEqual(["/products", "/products", "/products"]);
  });

  it("keeps each address, query included, apart, and answers a crawler the page a browser got (the same bytes)", async () => {
    await get("/products?page=2");
    await get("/products?page=3");
    const crawled = await get("/products?page=2", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(crawled.headers.get("age")).toBe("0");
    expect(renders).toEqual(["/products?page=2", "/products?page=3"]);
  });

  it("makes the render's noted API calls again for each request a kept page answers", async () => {
    await get("/product");
    expect(replays).toEqual([]);
    await get("/product");
    await get("/product");
    expect(replays).toEqual([
      { calls: [PRODUCT_CALL], url: "/product" },
      { calls: [PRODUCT_CALL], url: "/product" },
    ]);
  });

  it("never answers a HEAD from memory", async () => {
    await get("/products");
    const head = await fetch(`${baseUrl}/products`, { method: "HEAD" });
    expect(head.headers.get("age")).toBeNull();
    expect(renders).toEqual(["/products", "/products"]);
  });
});
