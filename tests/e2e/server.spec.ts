import { expect, test } from "./fixtures.ts";

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

  test("pages carry a nonce-only script policy that their scripts satisfy", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const policy = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src "));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? "")?.[1];
    expect(nonce).toBeTruthy();

    const html = await response.text();
    // Data blocks (JSON-LD) are not scripts the browser runs, so the policy does not apply to them.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const again = await request.get("/");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
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
});
