import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDigest } from "./api/core/logging.ts";
import { type DevShop, startDevShop } from "./tests/dev-shop.ts";

// Dev mode (Vite in middleware mode) needs no production build: vitest runs before `react-router build` in
// `npm test`. The production-only parts (CSP, immutable assets) are covered by tests/e2e/server.spec.ts.
/** Where the shop says it is, unlike the address the tests reach it at. */
const PUBLIC_URL = "https://shop.example";

describe("server.ts", () => {
  let devShop: DevShop;
  let shop: DevShop["shop"];
  let baseUrl: string;
  const logLines: string[] = [];
  const lineWaiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  /** The first log line that `match` accepts, as soon as it is written. */
  const loggedLine = (match: (line: string) => boolean) =>
    new Promise<string>((resolve) => {
      const seen = logLines.find(match);
      if (seen) resolve(seen);
      else lineWaiters.push({ match, resolve });
    });

  beforeAll(async () => {
    devShop = await startDevShop("server-test", {
      env: {
        LOG_LEVEL: "info",
        SEED_DEMO: "never",
        // Requests come from loopback: X-Forwarded-Proto then says whether the client used HTTPS.
        TRUST_PROXY: "loopback",
        PUBLIC_URL: PUBLIC_URL,
      },
      logTo: {
        write: (line: string) => {
          logLines.push(line);
          for (const waiter of lineWaiters.filter((candidate) => candidate.match(line))) {
            lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
            waiter.resolve(line);
          }
        },
      },
    });
    ({ shop, baseUrl } = devShop);
  });

  afterAll(() => devShop?.stop());

  it("answers /healthz", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers /metrics with the shop's 404 while METRICS_TOKEN is unset", async () => {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: "Bearer anything-at-all-of-thirty-two-chars" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("shop_http_requests_total");
  });

  it("serves the API at /api with the JSON envelope, 404 included", async () => {
    const categories = await fetch(`${baseUrl}/api/public/categories?status=Active`);
    expect(categories.status).toBe(200);
    expect(await categories.json()).toMatchObject({ success: true, data: [] });

    const missing = await fetch(`${baseUrl}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
    expect(await missing.json()).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  });

  it("keeps shoppers' e-mail addresses out of the log, and codes too outside development", async () => {
    const digest = emailDigest("amira@example.com");
    const pageLine = loggedLine((line) => line.includes("/email-verification?email="));
    await fetch(`${baseUrl}/email-verification?email=amira%40example.com`);
    expect(JSON.parse(await pageLine).req.url).toBe(`/email-verification?email=${digest}`);

    const mailLine = loggedLine((line) => line.includes("mail written to the outbox"));
    const signup = await fetch(`${baseUrl}/api/public/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Amira Khan", email: "amira@example.com", password: "secret-pass-1", confirmPassword: "secret-pass-1" }),
    });
    expect(signup.status).toBe(201);
    expect(JSON.parse(await mailLine)).toMatchObject({ to: digest, template: "verificationCode" });
    expect(await loggedLine((line) => line.includes("/api/public/auth/signup"))).toBeTruthy();

    const log = logLines.join("\n");
    expect(log).not.toMatch(/amira%40|amira@/i);
    expect(log).not.toMatch(/code \d{6}/);
  });

  it("keeps an unsubscribe link's token out of the log", async () => {
    const token = "0123456789abcdef0123456789abcdef";
    const pageLine = loggedLine((line) => line.includes('"url":"/unsubscribe?token='));
    await fetch(`${baseUrl}/unsubscribe?token=${token}`);
    expect(JSON.parse(await pageLine).req.url).toBe("/unsubscribe?token=[redacted]");
    const apiLine = loggedLine((line) => line.includes('"url":"/api/public/unsubscribe?token='));
    await fetch(`${baseUrl}/api/public/unsubscribe?token=${token}`, { method: "POST" });
    expect(JSON.parse(await apiLine).req.url).toBe("/api/public/unsubscribe?token=[redacted]");
    expect(logLines.join("\n")).not.toContain(token);
  });

  it("answers /readyz 200 while the database answers and 503 once it is gone", async () => {
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    await shop.db.close();
    const unavailable = await fetch(`${baseUrl}/readyz`);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ status: "unavailable" });
  });

  /** A raw request: fetch refuses TRACE and always adds its own Origin-free defaults. */
  function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const outgoing = request(`${baseUrl}${path}`, { method, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }

  const form = (origin: string | null = baseUrl) => ({
    "content-type": "application/x-www-form-urlencoded",
    ...(origin ? { origin } : {}),
  });
  /** The shop's own error page (the root error boundary inside the site chrome), not a bare text. */
  const isErrorPage = (text: string) => text.includes("<html") && text.includes('class="status-page"');

  it.each(["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND"])("answers %s to a page with 405 and the error page", async (method) => {
    const response = await raw(method, "/signin");
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(isErrorPage(response.text)).toBe(true);
  });

  it.each([
    ["a foreign Origin", { origin: "http://evil.example", referer: undefined }],
    ["Origin null", { origin: "null", referer: undefined }],
    ["no Origin and a foreign Referer", { origin: null, referer: "http://evil.example/page" }],
  ])("refuses a post with %s to a resource route (403)", async (_case, { origin, referer }) => {
    for (const path of ["/subscribe", "/logout", "/currency", "/cart"]) {
      const response = await raw("POST", path, { ...form(origin), ...(referer ? { referer } : {}) }, "email=v%40x.com&currency=EUR");
      expect(response.status, path).toBe(403);
    }
  });

  it("runs a same-origin post, and one with no Origin but this site's Referer", async () => {
    const withOrigin = await raw("POST", "/currency", form(), "currency=EUR&redirectTo=%2Fcart");
    expect(withOrigin.status).toBe(302);
    expect(withOrigin.headers.location).toBe("/cart");
    expect((await raw("POST", "/currency", { ...form(null), referer: `${baseUrl}/cart` }, "currency=EUR")).status).toBe(302);
  });

  it.each([
    ["neither Origin nor Referer", form(null)],
    ["Sec-Fetch-Site cross-site and no Origin", { ...form(null), "sec-fetch-site": "cross-site" }],
  ])("refuses a post with %s (403), changing nothing", async (_case, headers) => {
    for (const path of ["/currency", "/logout", "/cart", "/signin"]) {
      const response = await raw("POST", path, headers, "currency=EUR&intent=clear");
      expect(response.status, path).toBe(403);
      expect(response.headers["set-cookie"], path).toBeUndefined();
    }
    const page = await raw("POST", "/signin", headers, "email=a%40b.co");
    expect(isErrorPage(page.text)).toBe(true);
  });

  it("answers a body that is not a form with 400 and the error page", async () => {
    const response = await raw("POST", "/cart", { "content-type": "application/json", origin: baseUrl }, '{"intent":"clear"}');
    expect(response.status).toBe(400);
    expect(isErrorPage(response.text)).toBe(true);
  });

  it("answers a form past the size limit with 413 and the page, announced or streamed", async () => {
    const body = `message=${"m".repeat(2 * 1024 * 1024)}`;
    for (const path of ["/contact", "/signin", "/signup", "/cart"]) {
      const announced = await raw("POST", path, { ...form(), "content-length": String(body.length) }, body);
      expect(announced.status, path).toBe(413);
      expect(isErrorPage(announced.text), path).toBe(true);
      const streamed = await raw("POST", path, { ...form(), "transfer-encoding": "chunked" }, body);
      expect(streamed.status, path).toBe(413);
      expect(isErrorPage(streamed.text), path).toBe(true);
    }
  });

  // Dev mode runs Vite's own Host check (403 for hosts it does not know): forged and malformed Host headers are
  // tried on the built server in tests/e2e/server.spec.ts. X-Forwarded-Host (TRUST_PROXY) gets past it.
  it("builds absolute URLs from PUBLIC_URL, never from the request, and keeps a forwarded host's answers private", async () => {
    for (const path of ["/", "/robots.txt"]) {
      const forged = await raw("GET", path, { "x-forwarded-host": "attacker.example" });
      expect(forged.status, path).toBe(200);
      expect(forged.text, path).not.toContain("attacker.example");
      expect(forged.text, path).toContain(PUBLIC_URL);
      expect(forged.headers["cache-control"], path).toBe("private, no-cache");
      const after = await raw("GET", path);
      expect(after.text, path).not.toContain("attacker.example");
      expect(after.text, path).not.toContain(baseUrl);
    }
    expect((await raw("GET", "/")).text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"/>`);
    expect((await raw("GET", "/robots.txt")).text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it.each(["a b", "a<b", "[::1"])("answers the forwarded host %j with 400: the error page, or the API's envelope", async (host) => {
    const page = await raw("GET", "/about", { "x-forwarded-host": host });
    expect(page.status).toBe(400);
    expect(isErrorPage(page.text)).toBe(true);
    const api = await raw("GET", "/api/public/categories", { "x-forwarded-host": host });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toMatchObject({ success: false, error: { code: "BAD_REQUEST" } });
  });

  it.each(["/%C0%AE", "/%", "/product/%E0%A4%A"])(
    "answers the malformed path %s with 400 and the error page, logged as one warning",
    async (path) => {
      const line = loggedLine((candidate) => candidate.includes(`"url":"${path}"`));
      const page = await raw("GET", path);
      expect(page.status).toBe(400);
      expect(isErrorPage(page.text)).toBe(true);
      expect(JSON.parse(await line)).toMatchObject({ level: 40, res: { status: 400, reason: "Malformed URL" } });
      const api = await raw("GET", `/api/public/products${path}`);
      expect(api.status).toBe(400);
      expect(JSON.parse(api.text)).toMatchObject({ success: false, error: { code: "BAD_REQUEST" } });
    },
  );

  it("answers sparse indexes and Conform's reserved fields with 400, echoing nothing", async () => {
    const sparse = await raw("POST", "/signin", form(), "x%5B99999999%5D=1");
    expect(sparse.status).toBe(400);
    expect(isErrorPage(sparse.text)).toBe(true);

    const page = await raw("GET", "/signup");
    const validFrom = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(page.text);
    const trap = new URLSearchParams({ name__confirm: "", from__confirm: validFrom?.[1] ?? validFrom?.[2] ?? "" });
    const junk = await raw("POST", "/signup", form(), `${trap}&__state__=%7B&__intent__=x&email=bad&unknownField=ECHO-MARKER`);
    expect(junk.status).toBe(400);
    expect(junk.text).not.toContain("ECHO-MARKER");
  });

  it("answers a tampered honeypot timestamp and a missing honeypot with 400", async () => {
    expect((await raw("POST", "/signin", form(), "name__confirm=&from__confirm=zz&email=a%40b.co&password=x")).status).toBe(400);
    expect((await raw("POST", "/subscribe", form(), "email=v%40x.com")).status).toBe(400);
  });

  it("redirects to a return path holding characters above U+00FF", async () => {
    const response = await raw("POST", "/currency", form(), "currency=EUR&redirectTo=%2F%C4%80");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/%C4%80");
  });

  it("sends X-Frame-Options DENY, none of the headers only legacy browsers read, and HSTS only on HTTPS responses", async () => {
    const plain = await raw("GET", "/healthz");
    const page = await raw("GET", "/about");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    for (const legacy of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies", "x-dns-prefetch-control"]) {
      expect(page.headers[legacy], legacy).toBeUndefined();
    }
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const secure = await raw("GET", "/about", { "x-forwarded-proto": "https" });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
