import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import pg from "pg";

/** Shop servers a spec starts for itself (`node server.ts`, the production build), and the PostgreSQL admin it may use. */

const root = resolve(import.meta.dirname, "../..");
const READY_TIMEOUT_MS = 60_000;

export interface Instance {
  url: string;
  process: ChildProcess;
  /** Every line the instance wrote to stdout so far. */
  lines: string[];
}

export function startInstance(port: number, env: NodeJS.ProcessEnv, options: { publicUrl?: string } = {}): Instance {
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    // Each instance is asked at its own address, which is then its public one (pages are kept only for that host),
    // unless shoppers reach it through a proxy (`publicUrl`).
    env: { ...env, PORT: String(port), PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  return { url: `http://127.0.0.1:${port}`, process: child, lines };
}

export async function ready(instance: Instance): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (instance.process.exitCode === null) {
    const response = await fetch(`${instance.url}/readyz`).catch(() => undefined);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`${instance.url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the instance at ${instance.url} exited (code ${instance.process.exitCode}):\n${instance.lines.join("\n")}`);
}

export async function stop(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const exited = once(instance.process, "exit");
  instance.process.kill("SIGTERM");
  await exited;
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
