import { spawn } from "node:child_process";
import { delimiter, dirname, resolve } from "node:path";
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from "./pg-cluster.ts";

/**
 * `npm test`: typecheck, lint (Biome, then knip: unused files, exports and dependencies), Vitest (SQLite, and PostgreSQL when one is available), production build,
 * Playwright (with PostgreSQL also the several-instances test). PostgreSQL comes from DATABASE_URL_PG (an admin
 * URL) or a throwaway local cluster when the server binaries are installed, one for the whole run.
 */
const STEPS = ["typecheck", "lint", "unit", "build", "e2e"] as const;
type Step = (typeof STEPS)[number];

const USAGE = `Usage: npm test [-- step...]

Runs ${STEPS.join(", ")} in that order (or only the steps named) and stops with a non-zero exit if any fails.
PostgreSQL: DATABASE_URL_PG (a role allowed to create databases), else a throwaway cluster when the
postgresql server binaries are installed, else the PostgreSQL tests are skipped.`;

const root = resolve(import.meta.dirname, "..");
// Tools resolve `node` through PATH: make it this Node (the one npm scripts run, from node_modules/.bin), not the system one.
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

let pgAdminUrl: Promise<string | undefined> | undefined;

/** The PostgreSQL server of this run, started on first use and shared by the unit and e2e steps. */
function postgresAdminUrl(): Promise<string | undefined> {
  pgAdminUrl ??= (async () => {
    if (process.env.DATABASE_URL_PG) return process.env.DATABASE_URL_PG;
    const bin = findPostgresBin();
    if (!bin) return undefined;
    cluster = await startThrowawayCluster(bin);
    return cluster.adminUrl;
  })();
  return pgAdminUrl;
}

async function withPostgres(run: (adminUrl: string) => Promise<boolean>): Promise<boolean> {
  const adminUrl = await postgresAdminUrl();
  if (adminUrl) console.log(`PostgreSQL tests run against ${adminUrl.replace(/\/\/[^@]*@/, "//…@")}`);
  else console.warn("\n*** PostgreSQL tests SKIPPED: set DATABASE_URL_PG or install the postgresql package. ***\n");
  return run(adminUrl ?? "");
}

const stepActions: Record<Step, () => Promise<boolean>> = {
  typecheck: async () => (await run("react-router", ["typegen"])) && run("tsc", []),
  lint: async () => (await run("biome", ["check", "."])) && run("knip", []),
  unit: () => withPostgres((adminUrl) => run("vitest", ["run"], { TEST_PG_ADMIN_URL: adminUrl })),
  build: () => run("react-router", ["build"]),
  e2e: () => withPostgres((adminUrl) => run("playwright", ["test"], { TEST_PG_ADMIN_URL: adminUrl })),
};

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    current?.kill(signal);
    cluster?.stop();
    process.exit(130);
  });
}

const requested = process.argv.slice(2);
if (requested.includes("--help") || requested.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
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

cluster?.stop();
console.log("\n=== summary ===");
for (const { step, passed, seconds } of results) {
  const verdict = passed === undefined ? "skipped (build failed)" : passed ? "passed" : "FAILED";
  console.log(`${step.padEnd(10)} ${verdict.padEnd(24)} ${seconds.toFixed(1)} s`);
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
