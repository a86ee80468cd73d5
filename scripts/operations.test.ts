import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, connect as netConnect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import getPort from "get-port";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { sourcesFingerprint } from "./start.ts";

/** What an operator runs, run as an operator would: `npm start`, the scripts' `--help`, a bad setting, a busy port. */

const root = resolve(import.meta.dirname, "..");
// `npm start` builds the storefront first when build/ is not of the current sources.
const START_TIMEOUT_MS = 120_000;
const STOP_DEADLINE_MS = 5_000;

const dir = mkdtempSync(join(tmpdir(), "shop-operations-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a shop on `port` with a database of its own, the generated secret and no network. */
function shopEnv(port: number, name: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
    OUTBOX_DIR: join(dir, `${name}-outbox`),
    EXCHANGE_RATES_URL: "http://127.0.0.1:9/latest/GBP",
    LOG_LEVEL: "info",
  };
  for (const variable of ["SESSION_SECRET", "SMTP_URL", "API_BASE_URL", "TEST_PG_ADMIN_URL", "NODE_ENV"]) delete env[variable];
  return env;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return once(child, "exit").then(([code]) => ({ code: code as number | null, stdout, stderr }));
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  collect(spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }));

/** Each stdout line parsed as JSON (a line that is not JSON fails the test). */
const jsonLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string } & Record<string, unknown>);

/** The processes under `pid` (Linux /proc), so a test can see that none outlives a stop. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name, which may hold spaces, start at its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being listed.
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portAnswers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = netConnect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (child.exitCode === null) {
    const response = await fetch(`${url}/readyz`).catch(() => undefined);
    if (response?.ok) return;
    if (Date.now() > deadline) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the shop at ${url} did not become ready:\n${output()}`);
}

/**
 * Runs `npm <args>` until the shop is ready, sends SIGTERM to the npm process alone, and checks that every process
 * under it ends and the port is freed within 5 s; answers what the shop wrote on stdout.
 */
async function serveAndStop(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<string> {
  const npm = spawn("npm", args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const finished = collect(npm);
  let output = "";
  npm.stdout?.on("data", (chunk: string) => {
    output += chunk;
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, npm, () => output);
  const tree = descendants(npm.pid as number);
  expect(tree.length).toBeGreaterThan(0);

  await expectStopsWhole(npm, tree, port, finished);
  return output;
}

/** A SIGTERM to the npm process alone ends every process of `tree` and frees the port, within the deadline. */
async function expectStopsWhole(npm: ChildProcess, tree: number[], port: number, finished: Promise<unknown>) {
  npm.kill("SIGTERM");
  const deadline = Date.now() + STOP_DEADLINE_MS;
  while ((tree.some(isAlive) || (await portAnswers(port))) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 50));
  }
  expect(tree.filter(isAlive)).toEqual([]);
  expect(await portAnswers(port)).toBe(false);
  await finished;
}

describe("npm start", () => {
  it(
    "serves the shop and stops whole, port freed, within 5 s of a SIGTERM sent to the npm process alone",
    async () => {
      const port = await getPort();
      const output = await serveAndStop(["start"], shopEnv(port, "sigterm"), port);
      expect(jsonLines(output.replace(/^(> .*|)\n/gm, "")).map((line) => line.msg)).toContain("stopped");
    },
    START_TIMEOUT_MS + 30_000,
  );

  it(
    "npm run dev stops whole, port freed, within 5 s of a SIGTERM sent to the npm process alone",
    async () => {
      const port = await getPort();
      await serveAndStop(["run", "dev"], { ...shopEnv(port, "dev"), NODE_ENV: "development" }, port);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it(
    "with WEB_CONCURRENCY=2 serves from two workers, replaces a crashed one, and stops whole on a SIGTERM",
    async () => {
      const port = await getPort();
      const npm = spawn("npm", ["start"], {
        cwd: root,
        env: { ...shopEnv(port, "cluster"), WEB_CONCURRENCY: "2" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const finished = collect(npm);
      let output = "";
      npm.stdout?.on("data", (chunk: string) => {
        output += chunk;
      });
      const url = `http://127.0.0.1:${port}`;
      await waitUntilReady(url, npm, () => output);
      const listening = () => jsonLines(output.replace(/^(> .*|)\n/gm, "")).filter((line) => line.msg === "worker listening");
      while (listening().length < 2) await new Promise((done) => setTimeout(done, 100));
      const primary = jsonLines(output.replace(/^(> .*|)\n/gm, "")).find((line) => line.msg === "starting workers")?.pid as number;
      const workers = listening().map((line) => line.worker as number);
      expect(new Set(workers).size).toBe(2);
      for (const worker of workers) expect(descendants(primary)).toContain(worker);

      const responses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/api/public/categories`)));
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));

      process.kill(workers[0], "SIGKILL");
      while (listening().length < 3) await new Promise((done) => setTimeout(done, 100));
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const tree = descendants(npm.pid as number);
      expect(tree).not.toContain(workers[0]);

      await expectStopsWhole(npm, tree, port, finished);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it(
    "names a port already in use in one JSON line and exits 1",
    async () => {
      const holder = createServer().listen(0, "127.0.0.1");
      await once(holder, "listening");
      const port = (holder.address() as { port: number }).port;
      try {
        const { code, stdout } = await run(process.execPath, ["scripts/start.ts"], shopEnv(port, "busy"));
        expect(code).toBe(1);
        const lines = jsonLines(stdout);
        // The generated-secret warning is JSON too.
        expect(lines.map((line) => line.msg)).toContainEqual(expect.stringContaining("SESSION_SECRET is not set"));
        expect(lines.at(-1)).toMatchObject({ level: 60, port, msg: `port ${port} is already in use: stop whatever holds it or set PORT` });
      } finally {
        holder.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    "names a bad setting and the reason in one JSON line, without a stack, and exits 1",
    async () => {
      const { code, stdout, stderr } = await run(process.execPath, ["scripts/start.ts"], { ...shopEnv(3000, "bad"), PORT: "eighty" });
      expect(code).toBe(1);
      const [problem, ...others] = jsonLines(stdout).filter((line) => line.level >= 50);
      expect(others).toEqual([]);
      expect(problem).toMatchObject({ level: 60, variable: "PORT", reason: expect.any(String) });
      expect(problem?.msg).toMatch(/^invalid setting PORT: /);
      expect(`${stdout}${stderr}`).not.toMatch(/ZodError|\n\s+at /);
    },
    START_TIMEOUT_MS,
  );

  it(
    "names every bad setting of the API's and the storefront's, one JSON line each and no stack, before anything starts",
    async () => {
      const bad = { LOG_LEVEL: "verbose", TRUST_PROXY: "maybe", DATABASE_URL: "postgress://shop:hunter2@db/shop" };
      const starts: [string, NodeJS.ProcessEnv][] = [
        ["scripts/start.ts", {}],
        ["server.ts", { WEB_CONCURRENCY: "1" }],
        ["server.ts", { WEB_CONCURRENCY: "2" }],
      ];
      for (const [script, extra] of starts) {
        const { code, stdout, stderr } = await run(process.execPath, [script], { ...shopEnv(3000, "settings"), ...bad, ...extra });
        expect(code, script).toBe(1);
        const lines = jsonLines(stdout);
        expect(lines.every((line) => line.level === 60)).toBe(true);
        expect(lines.map((line) => line.variable).sort()).toEqual(["DATABASE_URL", "LOG_LEVEL", "TRUST_PROXY"]);
        expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at |hunter2/);
      }
      expect(readdirSync(root).filter((name) => name.startsWith("postgress"))).toEqual([]);
    },
    START_TIMEOUT_MS,
  );

  it(
    "makes no folder for an explicit SQLite file and names the missing one in one fatal line",
    async () => {
      const missing = join(dir, "no-such-folder");
      const { code, stdout } = await run(process.execPath, ["server.ts"], {
        ...shopEnv(await getPort(), "missing"),
        DATABASE_URL: `file:${join(missing, "shop.db")}`,
        WEB_CONCURRENCY: "1",
      });
      expect(code).toBe(1);
      expect(jsonLines(stdout).filter((line) => line.level >= 50)).toEqual([
        expect.objectContaining({ variable: "DATABASE_URL", reason: expect.stringContaining(`${missing}/shop.db does not exist`) }),
      ]);
      expect(readdirSync(dir)).not.toContain("no-such-folder");
    },
    START_TIMEOUT_MS,
  );

  it(
    "refuses, in one fatal line naming it, a database that ran a migration it does not know before one of its own",
    async () => {
      const env: NodeJS.ProcessEnv = { ...shopEnv(await getPort(), "other-history"), WEB_CONCURRENCY: "2" };
      const db = connect(env.DATABASE_URL);
      await migrateToLatest(db);
      await db.kysely
        .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
        .insertInto("kysely_migration")
        .values({ name: "20261122500000_other_line", timestamp: new Date().toISOString() })
        .execute();
      await db.close();

      const { code, stdout, stderr } = await run(process.execPath, ["server.ts"], env);
      expect(code).toBe(1);
      const [problem, ...others] = jsonLines(stdout).filter((line) => line.level >= 50);
      expect(others).toEqual([]);
      expect(problem).toMatchObject({ level: 60, msg: expect.stringMatching(/^the shop could not start: .*20261122500000_other_line/) });
      expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at /);
    },
    START_TIMEOUT_MS,
  );

  it("rebuilds on a change of the sources' contents, not of their timestamps", () => {
    const checkout = mkdtempSync(join(dir, "checkout-"));
    mkdirSync(join(checkout, "app"));
    writeFileSync(join(checkout, "app", "root.tsx"), "export default 1;");
    writeFileSync(join(checkout, "package-lock.json"), "{}");
    const before = sourcesFingerprint(checkout);

    utimesSync(join(checkout, "package-lock.json"), new Date(), new Date(Date.now() + 60_000));
    expect(sourcesFingerprint(checkout)).toBe(before);
    writeFileSync(join(checkout, "app", "root.tsx"), "export default 2;");
    expect(sourcesFingerprint(checkout)).not.toBe(before);
  });
});

describe("every script answers --help", () => {
  const scripts: [string, string[]][] = [
    ["npm start", ["start", "--", "--help"]],
    ["npm run dev", ["run", "dev", "--", "--help"]],
    ["npm run seed", ["run", "seed", "--", "--help"]],
    ["npm run shop", ["run", "shop", "--", "--help"]],
    ["npm run fonts:subset", ["run", "fonts:subset", "--", "--help"]],
    ["npm run pg-cluster", ["run", "pg-cluster", "--", "--help"]],
    ["npm test", ["test", "--", "--help"]],
    ["npm run bench", ["run", "bench", "--", "--help"]],
    ["npm run bench:ssr", ["run", "bench:ssr", "--", "--help"]],
    ["npm run bench:js", ["run", "bench:js", "--", "--help"]],
    ["npm run bench:load", ["run", "bench:load", "--", "--help"]],
    ["npm run audit:lighthouse", ["run", "audit:lighthouse", "--", "--help"]],
  ];
  it.concurrent.each(scripts)(
    "%s -- --help",
    async (_name, args) => {
      const { code, stdout, stderr } = await run("npm", args, { ...process.env, DATABASE_URL: `file:${join(dir, "help.db")}` });
      expect(stderr).not.toContain("ERR_");
      expect(code).toBe(0);
      expect(stdout).toContain("Usage:");
      expect(readdirSync(dir)).not.toContain("help.db");
    },
    60_000,
  );
});
