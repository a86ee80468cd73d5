import { spawn } from "node:child_process";
import { delimiter, dirname, resolve } from "node:path";
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from "./pg-cluster.ts";

/**
 * `npm test`: typecheck, lint (Biome), Vitest (SQLite, and PostgreSQL when one is available), production build, Playwright.
 * PostgreSQL comes from DATABASE_URL_PG (an admin URL) or a throwaway local cluster when the server
 * binaries are installed. Steps named on the command line run alone: `npm test -- typecheck unit`.
 */
const STEPS = ["typecheck", "lint", "unit", "build", "e2e"] as const;
type Step = (typeof STEPS)[number];

const root = resolve(import.meta.dirname, "..");
// Tools resolve `node` through PATH: make it this Node (24 from .tools when bootstrapped), not the system one.
const PATH = [resolve(root, "node_modules/.bin"), dirname(process.execPath), process.env.PATH].join(delimiter);

let current: ReturnType<typeof spawn> | undefined;
let cluster: ThrowawayCluster | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  return new Promise((done) => {
    current = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, PATH, ...env } });
    current.on("error", (error) => {
      console.error(error);
      done(false);
    });
    current.on("exit", (code) => done(code === 0));
  });
}

async function postgresAdminUrl(): Promise<string | undefined> {
  if (process.env.DATABASE_URL_PG) return process.env.DATABASE_URL_PG;
  const bin = findPostgresBin();
  if (!bin) return undefined;
  cluster = await startThrowawayCluster(bin);
  return cluster.adminUrl;
}

const stepActions: Record<Step, () => Promise<boolean>> = {
  typecheck: async () => (await run("react-router", ["typegen"])) && run("tsc", []),
  lint: () => run("biome", ["check", "."]),
  unit: async () => {
    const pgAdminUrl = await postgresAdminUrl();
    if (pgAdminUrl) console.log(`PostgreSQL tests run against ${pgAdminUrl.replace(/\/\/[^@]*@/, "//…@")}`);
    else console.warn("\n*** PostgreSQL tests SKIPPED: set DATABASE_URL_PG or install the postgresql package. ***\n");
    try {
      return await run("vitest", ["run"], { TEST_PG_ADMIN_URL: pgAdminUrl ?? "" });
    } finally {
      cluster?.stop();
      cluster = undefined;
    }
  },
  build: () => run("react-router", ["build"]),
  e2e: () => run("playwright", ["test"]),
};

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    current?.kill(signal);
    cluster?.stop();
    process.exit(130);
  });
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(STEPS as readonly string[]).includes(name));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(", ")}; steps: ${STEPS.join(", ")}`);
  process.exit(2);
}
const steps = requested.length ? STEPS.filter((step) => requested.includes(step)) : STEPS;

const results: { step: Step; passed: boolean | undefined; seconds: number }[] = [];
for (const step of steps) {
  // The browser suite needs this run's build; without one it would test a stale or missing server.
  if (step === "e2e" && results.some((r) => r.step === "build" && !r.passed)) {
    results.push({ step, passed: undefined, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step} ===`);
  const started = performance.now();
  const passed = await stepActions[step]();
  results.push({ step, passed, seconds: (performance.now() - started) / 1000 });
}

console.log("\n=== summary ===");
for (const { step, passed, seconds } of results) {
  const verdict = passed === undefined ? "skipped (build failed)" : passed ? "passed" : "FAILED";
  console.log(`${step.padEnd(10)} ${verdict.padEnd(24)} ${seconds.toFixed(1)} s`);
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
