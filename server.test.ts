import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDigest } from "./api/core/logging.ts";
import { createShopServer } from "./server.ts";

// Dev mode (Vite in middleware mode) needs no production build: vitest runs before `react-router build` in
// `npm test`. The production-only parts (CSP, immutable assets) are covered by tests/e2e/server.spec.ts.
describe("server.ts", () => {
  let dataDir: string;
  let shop: Awaited<ReturnType<typeof createShopServer>>;
  let http: Server;
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
    dataDir = mkdtempSync(join(tmpdir(), "shop-server-test-"));
    shop = await createShopServer({
      dev: true,
      env: {
        DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
        OUTBOX_DIR: join(dataDir, "outbox"),
        LOG_LEVEL: "info",
        SEED_DEMO: "never",
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
