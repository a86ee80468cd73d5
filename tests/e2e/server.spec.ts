import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import Database from "better-sqlite3";
import { SHARED_PAGE_CACHE_CONTROL } from "#app/lib/constants.ts";
import { createVerifiedAccount, honeypotFields, PASSWORD, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { bestStocked, productFor } from "./order-helpers.ts";

/** A cookie no page reads (a load balancer's): the page stays the same for everyone. */
const FOREIGN_COOKIE = { cookie: "lb=node-2" };

/**
 * Asks for `path` (without cookies, or with `headers`) until the server answers from its page cache (the `Age`
 * header). Each worker keeps its own pages, so the first answers of each may be renders; a catalogue write by
 * another test renders again.
 */
async function keptAnswer(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const response = await request.get(path, { headers });
    expect(response.status()).toBe(200);
    if (response.headers().age !== undefined) return response;
  }
  throw new Error(`${path} was never answered from the page cache`);
}

/** The page's inline scripts that run, as CSP hash sources; data blocks (JSON-LD) are not run, so the policy does not apply to them. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , code = ""]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`);

/** The script-src directive of a response's policy. */
const scriptSrcOf = (response: APIResponse) =>
  (response.headers()["content-security-policy"] ?? "").split(";").find((directive) => directive.trim().startsWith("script-src ")) ?? "";

/**
 * A GET over a connection of its own with the header lines given as they are (fetch and Playwright write their own
 * Host): the answer's status, head and raw body.
 */
function rawGet(path: string, headerLines: string[]): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(process.env.E2E_BASE_URL ?? "");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      // Written, not ended: Node's HTTP server may drop a request whose client half-closed the connection first.
      socket.write(`GET ${path} HTTP/1.1\r\n${headerLines.map((line) => `${line}\r\n`).join("")}Connection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split(/\r\n\r\n(.*)/s);
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), head: head.toLowerCase(), body });
    });
  });
}

/** A GET whose body is returned as it came over the wire, not decoded (Playwright and fetch decode it). */
function wireGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(path, process.env.E2E_BASE_URL), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The stored view count of product `id`, read from the e2e server's database. */
function viewCount(id: number): number {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("No e2e database: the global setup starts the server (not with E2E_BASE_URL set)");
  const db = new Database(join(dataDir, "shop.db"), { readonly: true });
  try {
    return (db.prepare("select view_count from products where id = ?").get(id) as { view_count: number }).view_count;
  } finally {
    db.close();
  }
}

test.describe("server", () => {
  test("health probes answer", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });

    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("idle connections are kept longer than clients and load balancers keep theirs", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.headers()["keep-alive"]).toBe("timeout=65");
  });

  test("pages allow their own inline scripts by hash, without a nonce or 'unsafe-inline', and run", async ({ request, page }) => {
    for (const path of ["/", "/products?sort=price_low_high", "/no-such-page"]) {
      const response = await request.get(path);
      const scriptSrc = scriptSrcOf(response);
      expect(scriptSrc, path).not.toMatch(/'unsafe-inline'|'nonce-/);
      const html = await response.text();
      expect(html, path).not.toContain("nonce=");
      const hashes = inlineScriptHashes(html);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(scriptSrc, path).toContain(hash);
    }
    // The browser enforces the header: nothing the page runs is refused.
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) refused.push(message.text());
    });
    await page.goto("/products");
    await page.goto("/");
    expect(refused).toEqual([]);
  });

  test("every page links the shell sheet first and then only its own areas' sheets, each fingerprinted and immutable, and inlines none", async ({
    request,
  }) => {
    /** A page's stylesheet and prefetched style links under /assets, in document order, whatever order their attributes come in. */
    const linksOf = async (path: string) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<style[^>]*>[^<]*\.site-header/);
      const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
      const links = [...html.matchAll(/<link\b[^>]*>/g)].flatMap((link) => {
        const href = attribute(link[0], "href") ?? "";
        return /^\/assets\/[\w.-]+\.css$/.test(href) ? [{ tag: link[0], href, at: link.index }] : [];
      });
      for (const link of links) expect(link.at, path).toBeLessThan(html.indexOf("</head>"));
      const withRel = (rel: string, as?: string) =>
        links.filter((link) => attribute(link.tag, "rel") === rel && attribute(link.tag, "as") === as).map((link) => link.href);
      return { sheets: withRel("stylesheet"), prefetched: withRel("prefetch", "style") };
    };
    // The error page shows the chrome alone: the shell, the sheet every page links first.
    const [shell, ...more] = (await linksOf("/no-such-page")).sheets;
    expect(more).toEqual([]);
    const { sheets: home, prefetched: homePrefetches } = await linksOf("/");
    const { sheets: cart, prefetched: cartPrefetches } = await linksOf("/cart");
    expect(home).toHaveLength(3);
    expect(cart).toHaveLength(2);
    expect([home[0], cart[0]]).toEqual([shell, shell]);
    expect(home).not.toContain(cart[1]);
    // Catalogue pages prefetch the shopping path's other sheets (decision 0074): never one they link, and the
    // listing's and the cart's among them.
    const listing = (await linksOf("/products")).sheets;
    expect(homePrefetches.filter((href) => home.includes(href))).toEqual([]);
    expect(homePrefetches).toEqual(expect.arrayContaining([listing[2], cart[1]]));
    expect(cartPrefetches).toEqual([]);
    const texts = new Map<string, string>();
    for (const href of new Set([...home, ...cart])) {
      const sheet = await request.get(href);
      expect(sheet.status(), href).toBe(200);
      expect(sheet.headers()["cache-control"], href).toContain("immutable");
      texts.set(href, await sheet.text());
    }
    expect(texts.get(shell ?? "")).toContain(".site-header");
    expect(texts.get(shell ?? "")).not.toContain(".cart-page");
    expect(texts.get(cart[1] ?? "")).toContain(".cart-page");
    expect(texts.get(home[2] ?? "")).toContain(".hero");
  });

  test("a page preloads the faces its first screen uses and not the italic, which shows below it and never swaps in", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const preloads = [...html.matchAll(/<link rel="preload" href="(\/assets\/[\w.-]+\.woff2)" as="font"/g)].map((link) => link[1] ?? "");
    expect(preloads.map((href) => href.replace(/-[\w]+\.woff2$/, ""))).toEqual([
      "/assets/cormorant-garamond-500-normal.subset",
      "/assets/jost-400-normal.subset",
      "/assets/jost-500-normal.subset",
    ]);
    const shell = /<link[^>]* rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"/.exec(html)?.[1] ?? "";
    const faces = [...(await (await request.get(shell)).text()).matchAll(/@font-face\s*\{([^}]*)\}/g)].map((face) => face[1] ?? "");
    // Each preload is the very file a face declares (a preload of another URL would be fetched twice), shown at once.
    for (const href of preloads) {
      const face = faces.find((declared) => declared.includes(href));
      expect(face, href).toMatch(/font-display:\s*swap/);
    }
    const italic = faces.filter((face) => /font-style:\s*italic/.test(face));
    expect(italic.length).toBeGreaterThan(0);
    for (const face of italic) expect(face).toMatch(/font-display:\s*optional/);
  });

  test("fingerprinted assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset, "the page links a script under /assets").toBeDefined();
    const response = await request.get(asset ?? "");
    expect(response.status()).toBe(200);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(cacheControl).toContain("immutable");
    expect(cacheControl).toContain("max-age=31536000");
  });

  test("files carry the headers a file needs and none of a document's; a missing file is a page with a document's", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /\/assets\/framework-[\w-]+\.js/.exec(html)?.[0];
    expect(script, "the home page names the framework's script").toBeDefined();
    const documentOnly = ["x-frame-options", "cross-origin-opener-policy", "referrer-policy", "origin-agent-cluster"];
    // Pictures are shown by other sites' pages too: the shop's e-mails, read in webmail.
    const files = { [script ?? ""]: "same-origin", "/favicon.svg": "same-origin", "/images/hero/welcome.svg": "cross-origin" };
    for (const [path, resourcePolicy] of Object.entries(files)) {
      const file = await request.get(path);
      expect(file.status(), path).toBe(200);
      const headers = file.headers();
      expect(headers["cross-origin-resource-policy"], path).toBe(resourcePolicy);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers.etag, path).toBeDefined();
      for (const name of [...documentOnly, "last-modified"]) expect(headers[name], `${path}: ${name}`).toBeUndefined();
    }
    const missing = await request.get("/images/no-such-drawing.svg");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('class="status-page"');
    for (const name of documentOnly) expect(missing.headers()[name], name).toBeDefined();
  });

  test("scripts, styles and drawings go out as the build compressed them: brotli, else gzip, else as they are", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const files = [/\/assets\/framework-[\w-]+\.js/, /\/assets\/shell-[\w-]+\.css/, /\/images\/hero\/[\w-]+\.svg/].map((pattern) => {
      const path = pattern.exec(html)?.[0];
      if (!path) throw new Error(`the home page names no ${pattern}`);
      return path;
    });
    for (const path of files) {
      const plain = await wireGet(path, {});
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      const built = readFileSync(join("build/client", path));
      expect(plain.body.equals(built), path).toBe(true);

      const brotli = await wireGet(path, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(brotli.headers["content-encoding"], path).toBe("br");
      expect(brotli.headers.vary, path).toMatch(/accept-encoding/i);
      expect(brotli.body.equals(readFileSync(join("build/client", `${path}.br`))), `${path} is the build's brotli copy`).toBe(true);
      expect(brotliDecompressSync(brotli.body).equals(built), path).toBe(true);

      const gzip = await wireGet(path, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(built), path).toBe(true);
    }
  });

  test("the API is served at /api: seeded categories in the envelope, JSON 404 for unknown paths", async ({ request }) => {
    const categories = await request.get("/api/public/categories?status=Active");
    expect(categories.status()).toBe(200);
    const body = await categories.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.data.length).toBeGreaterThan(0);
    for (const category of body.data) expect(category.status).toBe("Active");

    const missing = await request.get("/api/public/nothing-here");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, data: null, error: { code: "NOT_FOUND" } });
  });

  test("a page asked for without a cart or session is kept, with the policy of its render; with a cart it is rendered", async ({
    request,
    page,
  }, testInfo) => {
    const path = "/products?sort=name_a_z";
    const kept = await keptAnswer(request, path);
    expect(kept.headers()["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
    const hashes = inlineScriptHashes(await kept.text());
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(scriptSrcOf(kept)).toContain(hash);

    const alike = await keptAnswer(request, path, FOREIGN_COOKIE);
    expect(alike.headers()["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);

    // A shopper who has put a product in the cart (the browser's cookies): every answer is rendered for them.
    const product = await productFor(request, testInfo.project.name === "js" ? 22 : 23);
    const added = await page.request.post("/cart", {
      form: { intent: "add", productId: String(product.id), variantId: String(bestStocked(product).id), redirectTo: "/cart" },
      headers: { origin: new URL(kept.url()).origin },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    for (let attempt = 0; attempt < 4; attempt++) {
      const rendered = await page.request.get(path);
      expect(rendered.headers().age).toBeUndefined();
      expect(rendered.headers()["cache-control"]).toBe("private, no-cache");
      expect(await rendered.text()).toContain('aria-label="Cart, 1 item"');
    }
  });

  test("a public page is the same bytes for every visitor and holds nothing of any; a visitor's own pages are private", async ({
    playwright,
    inbox,
    baseURL,
  }, testInfo) => {
    const origin = new URL(baseURL ?? "").origin;
    const catalogue = await playwright.request.newContext({ baseURL });
    const product = await productFor(catalogue, testInfo.project.name === "js" ? 24 : 25, 2);
    // Two shoppers, each signed in with a cart, each on a connection pool and cookie jar of their own.
    const visitors = [];
    for (const [tag, name, address] of [
      ["amira", "Amira Publictest", "10.9.0.1"],
      ["layla", "Layla Publictest", "10.9.0.2"],
    ]) {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
      const email = uniqueEmail(testInfo, tag);
      await createVerifiedAccount(request, inbox, email, name);
      const stamp = await honeypotFields(request, "/signin");
      const signedIn = await request.post("/signin", {
        form: { intent: "login", email, password: PASSWORD, redirectTo: "/", ...stamp },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(signedIn.headers().location, "signed in and sent on").toBe("/");
      const added = await request.post("/cart", {
        form: { intent: "add", productId: String(product.id), variantId: String(bestStocked(product).id), redirectTo: "/cart" },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(303);
      visitors.push({ request, email, name });
    }
    const anonymous = [
      await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.9.0.3", "user-agent": "Visitor/1" } }),
      await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.9.0.4", "user-agent": "Visitor/2" } }),
    ];
    /**
     * What must never be in a page marked public: anything of a visitor, or a nonce. (A honeypot on a public page
     * carries the stamp every visitor gets; the two anonymous answers being the same bytes holds it to that.)
     */
    const visitorMarks = [...visitors.flatMap(({ email, name }) => [email, name]), "Cart, 1 item", "nonce"];
    let publicPages = 0;
    for (const path of [
      "/",
      "/products?sort=name_a_z",
      `/product/${product.id}`,
      "/categories",
      "/about",
      "/signin",
      "/signup",
      "/contact",
    ]) {
      for (const { request } of visitors) {
        const own = await request.get(path);
        expect(own.headers()["cache-control"], path).toBe("private, no-cache");
      }
      // A catalogue write by another test between two answers changes the page: a pair taken again must agree.
      let agreed = false;
      for (let attempt = 0; attempt < 3 && !agreed; attempt++) {
        const answers = await Promise.all(anonymous.map((request) => request.get(path)));
        const bodies = await Promise.all(answers.map((answer) => answer.text()));
        const shared = answers.map((answer) => /^public\b/.test(answer.headers()["cache-control"] ?? ""));
        expect(shared[0], path).toBe(shared[1]);
        if (!shared[0]) {
          agreed = true;
          continue;
        }
        for (const body of bodies) for (const mark of visitorMarks) expect(body, `${path} holds ${mark}`).not.toContain(mark);
        expect(answers[0]?.headers()["set-cookie"], path).toBeUndefined();
        agreed = bodies[0] === bodies[1] && scriptSrcOf(answers[0] as APIResponse) === scriptSrcOf(answers[1] as APIResponse);
        if (agreed) publicPages++;
      }
      expect(agreed, `${path}: two visitors got different bytes`).toBe(true);
    }
    // Every one of them: the forms of home, sign-in, sign-up and contact carry the stamp every visitor gets.
    expect(publicPages).toBe(8);
    for (const context of [catalogue, ...visitors.map(({ request }) => request), ...anonymous]) await context.dispose();
  });

  test("a forged Host or X-Forwarded-Host reaches no other visitor: absolute URLs name PUBLIC_URL", async ({ request, baseURL }) => {
    const own = new URL(baseURL ?? "");
    const forgeries = [["Host: evil.example"], [`Host: ${own.host}`, "X-Forwarded-Host: attacker.example"]];
    // Paths no other test asks for: the first answer for each is a render, which the page cache would keep.
    const unique = Date.now().toString(36);
    for (const path of [
      `/?poison=${unique}`,
      `/categories?poison=${unique}`,
      `/robots.txt?poison=${unique}`,
      `/sitemap.xml?poison=${unique}`,
    ]) {
      // Each on a connection of its own, so that every worker is asked.
      for (let attempt = 0; attempt < 2; attempt++) {
        for (const forged of forgeries) {
          const answer = await rawGet(path, forged);
          expect(answer.status, path).toBe(200);
          expect(answer.body, path).not.toMatch(/evil\.example|attacker\.example/);
          expect(answer.head, path).toContain("cache-control: private, no-cache");
        }
      }
      for (let visit = 0; visit < 4; visit++) {
        const answer = await request.get(path);
        const text = await answer.text();
        expect(text, path).not.toMatch(/evil\.example|attacker\.example/);
        expect(text, path).toContain(own.origin);
      }
    }
  });

  for (const host of ["a b", "a<b", "[::1", ""]) {
    test(`a malformed Host ${JSON.stringify(host)} answers 400: the shop's error page, or the API's envelope`, async () => {
      const page = await rawGet("/about", [`Host: ${host}`]);
      expect(page.status).toBe(400);
      expect(page.body).toContain('class="status-page"');
      const api = await rawGet("/api/public/categories", [`Host: ${host}`]);
      expect(api.status).toBe(400);
      expect(api.body).toContain('"code":"BAD_REQUEST"');
      // Answered after helmet, as every API answer is.
      expect(api.head).toContain("x-content-type-options: nosniff");
      expect(api.head).toContain("x-frame-options: deny");
    });
  }

  test("a path that is not valid percent-encoding answers 400 with the shop's error page", async ({ request }) => {
    for (const path of ["/%C0%AE", "/%", "/assets/%C0", "/product/%E0%A4%A"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(400);
      expect(await answer.text(), path).toContain('class="status-page"');
    }
  });

  test("a product page answered from the page cache still counts its view", async ({ request }) => {
    const listing = await request.get("/api/public/products", { params: { sort: "name_a_z", limit: 1 } });
    const [product] = (await listing.json()).data as { id: number; token: string }[];
    if (!product) throw new Error("the demo catalogue is empty");
    const path = `/product/${product.token}`;
    await keptAnswer(request, path);
    const before = viewCount(product.id);
    const answers = 6;
    for (let visit = 0; visit < answers; visit++) expect((await request.get(path)).status()).toBe(200);
    // Views are written in batches a second apart (decision 0016).
    await expect.poll(() => viewCount(product.id), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + answers);
  });
});
