import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import getPort from "get-port";
import { E2E_RATES } from "./shop-data.ts";
import { startSmtpInbox } from "./smtp-inbox.ts";

const root = resolve(import.meta.dirname, "../..");
const READY_TIMEOUT_MS = 60_000;

/** Answers like the public exchange-rate service, with fixed rates, so prices in tests are known. */
async function startRatesStub(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ result: "success", base_code: "GBP", rates: E2E_RATES }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("rates stub has no port");
  return { url: `http://127.0.0.1:${address.port}/v6/latest/GBP`, server };
}

async function waitForReady(baseURL: string, server: ChildProcess): Promise<void> {
  const exited = once(server, "exit").then(([code]) => {
    throw new Error(`The shop server exited (code ${code}) before it was ready; is there a build (npm run build)?`);
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const poll = async (): Promise<void> => {
    for (;;) {
      const response = await fetch(`${baseURL}/readyz`).catch(() => undefined);
      if (response?.ok) return;
      if (Date.now() > deadline) throw new Error(`The shop server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
      await new Promise((done) => setTimeout(done, 100));
    }
  };
  await Promise.race([poll(), exited]);
}

/**
 * Starts the built shop (`node server.ts`) on a free port with a fresh SQLite database in a temp
 * folder, and hands its address to the workers through E2E_BASE_URL.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;

  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-"));
  const rates = await startRatesStub();
  // The shop's mail goes to a real SMTP server; tests read codes from the folder it fills (fixtures.ts: inbox).
  const inboxDir = join(dataDir, "inbox");
  const smtp = await startSmtpInbox(inboxDir);
  const port = await getPort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
    LOG_LEVEL: "warn",
    OUTBOX_DIR: join(dataDir, "outbox"),
    EXCHANGE_RATES_URL: rates.url,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    // GET /metrics on, for tests/e2e/metrics.spec.ts.
    METRICS_TOKEN: randomBytes(32).toString("base64url"),
  };
  for (const name of ["SMTP_URL", "MAIL_FROM", "API_BASE_URL", "API_INTERNAL_SECRET", "TRUST_PROXY", "TEST_PG_ADMIN_URL"]) {
    delete env[name];
  }
  env.SMTP_URL = smtp.url;
  // Tests stand for different shoppers by sending X-Forwarded-For (fixtures.ts); only loopback is trusted.
  env.TRUST_PROXY = "loopback";
  // Where the tests reach it: its links name this address, and pages asked for at it are kept.
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.ts"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const baseURL = `http://127.0.0.1:${port}`;

  const teardown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
    rates.server.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseURL, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_INBOX_DIR = inboxDir;
  process.env.E2E_METRICS_TOKEN = env.METRICS_TOKEN;
  return teardown;
}
