import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopServer } from "./server.ts";

// Dev mode (Vite in middleware mode) needs no production build: vitest runs before `react-router build` in
// `npm test`. The production-only parts (CSP, immutable assets) are covered by tests/e2e/server.spec.ts.
describe("server.ts", () => {
  let dataDir: string;
  let shop: Awaited<ReturnType<typeof createShopServer>>;
  let http: Server;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "shop-server-test-"));
    shop = await createShopServer({
      dev: true,
      env: {
        DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
        OUTBOX_DIR: join(dataDir, "outbox"),
        LOG_LEVEL: "silent",
        SEED_DEMO: "never",
      },
    });
    http = createServer(shop.app).listen(0, "127.0.0.1");
    await new Promise((resolve) => http.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    if (http) {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
    await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /healthz", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
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

  it("answers /readyz 200 while the database answers and 503 once it is gone", async () => {
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    await shop.db.close();
    const unavailable = await fetch(`${baseUrl}/readyz`);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ status: "unavailable" });
  });
});
