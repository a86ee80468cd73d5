import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import getPort from "get-port";

export const root = resolve(import.meta.dirname, "../..");

export interface Running {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Builds the shop (and with `floor` the framework floor) for production, as `npm run build` does. */
export function buildForBench({ floor }: { floor: boolean }): void {
  const steps = [root, ...(floor ? [join(root, "bench/floor")] : [])];
  for (const cwd of steps) {
    const result = spawnSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], { cwd, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`react-router build failed in ${cwd}`);
  }
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`${url}: the server exited (code ${code}) before it answered`);
  });
  const poll = async () => {
    for (let attempt = 0; attempt < 600; attempt++) {
      if ((await fetch(url).catch(() => undefined))?.ok) return;
      await new Promise((next) => setTimeout(next, 100));
    }
    throw new Error(`${url} did not answer within 60 s`);
  };
  await Promise.race([poll(), exited]);
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    cleanup();
  };
}

/**
 * The built shop in production mode on a free port, with a fresh SQLite database (the demo catalogue) in a temp folder.
 * `nodeArgs` go to `node` before server.ts (the cluster's workers inherit them), e.g. a heap limit to compare;
 * `env` overrides settings (another DATABASE_URL, WEB_CONCURRENCY); with `logFile` the server's stdout and stderr
 * go to that file instead of the terminal.
 */
export async function startShop({
  nodeArgs = [] as string[],
  env: overrides = {} as NodeJS.ProcessEnv,
  logFile = undefined as string | undefined,
} = {}): Promise<Running & { outboxDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-ssr-"));
  const outboxDir = join(dataDir, "outbox");
  const port = await getPort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
    LOG_LEVEL: "warn",
    OUTBOX_DIR: outboxDir,
    // No network here: rates fall back to the built-in table at once instead of waiting on a remote service.
    EXCHANGE_RATES_URL: `http://127.0.0.1:${await getPort()}/rates`,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    // Load tests sign in and check out many times from one address.
    TRUST_PROXY: "loopback",
    // The address the benches ask at: pages are kept only for PUBLIC_URL's host.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Measured at one worker and at the default (one per CPU): WEB_CONCURRENCY=1 npm run bench:ssr.
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
    ...overrides,
  };
  const log = logFile === undefined ? "inherit" : openSync(logFile, "w");
  const child = spawn(process.execPath, [...nodeArgs, "server.ts"], { cwd: root, env, stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  await waitFor(`${url}/readyz`, child).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, child, stop, outboxDir };
}

/** A child process running `script` with a free port as its first argument. */
async function startChild(script: string, ...args: string[]): Promise<Running> {
  const port = await getPort();
  const child = spawn(process.execPath, [script, String(port), ...args], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child);
  return { url, child, stop: stopper(child) };
}

/** The framework floor (bench/floor) in its own process. */
export const startFloor = () => startChild(join(root, "bench/floor/server.ts"));

/** A bare Node server answering every request with the bytes of `file`, in its own process. */
export const startStatic = (file: string) => startChild(join(root, "bench/lib/static-server.ts"), file);

/** The processes `pid` started: a cluster primary's workers. */
export const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);

/**
 * CPU time a process and its children (the cluster's workers) have used, in milliseconds, from /proc (Linux):
 * user and system time, in clock ticks of 10 ms. Unlike requests per second it hardly depends on what else
 * the machine runs, so it compares servers measured on a busy machine.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const own = (Number(fields[11]) + Number(fields[12])) * 10;
  return childrenOf(pid).reduce((total, child) => total + cpuMs(child), own);
}

/** Resident memory of one process in bytes, from /proc (Linux). */
function ownResidentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Resident memory of a process and of each of its children (the cluster's workers), in bytes, by pid. */
export function residentByProcess(pid: number): Map<number, number> {
  return new Map([[pid, ownResidentBytes(pid)], ...childrenOf(pid).map((child) => [child, ownResidentBytes(child)] as const)]);
}

/** The first product page linked from the listing. */
export async function firstProductPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/products`)).text();
  const path = /href="(\/product\/[^"?#]+)"/.exec(html)?.[1];
  if (!path) throw new Error("No product link on /products: is the demo catalogue seeded?");
  return path;
}
