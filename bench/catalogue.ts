/**
 * Catalogue benchmark: listing and search latency at 1k and 100k products, in one run, with the ratio
 * between the sizes and a trivial endpoint (GET /public/categories) as the baseline ratio.
 *
 *   node bench/catalogue.ts [--postgres] [--iterations 200] [--dir /path/to/keep/databases] [--plans] [--cache-mb N]
 *
 * Databases are SQLite files in a temporary folder (deleted afterwards unless --dir names one; an
 * existing database there is topped up, not rebuilt). --postgres measures PostgreSQL instead: a throwaway
 * cluster (scripts/pg-cluster.ts, or the server TEST_PG_ADMIN_URL names) with a database per size, analysed
 * after seeding as autovacuum would. Requests go in-process through `app.request`, as the storefront sends
 * them. --plans prints every statement per endpoint at the largest size with its own median time and its plan
 * (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN ANALYZE); --cache-mb sets SQLite's page cache of the
 * measured connection to compare.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { connect } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { benchApi, percentile, postgresServer, printPlans } from "./lib/in-process-api.ts";

const SIZES = [1_000, 100_000] as const;
const WARM_UP = 20;

const ENDPOINTS = [
  { name: "baseline: categories", path: "/public/categories?status=Active" },
  { name: "listing default", path: "/public/products?page=1&limit=12" },
  { name: "listing filters", path: "/public/products?size=M&min_price=50&max_price=100&stock_status=In%20Stock&page=2" },
  { name: "listing sort price", path: "/public/products?sort=price_low_high&page=3" },
  { name: "search", path: "/public/products?search=dress" },
  { name: "search + filter", path: "/public/products?search=chiffon&size=M&max_price=100&sort=price_high_low" },
] as const;

type Timings = Map<string, { p50: number; p95: number; total: number }>;

const USAGE = "Usage: npm run bench -- [--postgres] [--iterations 200] [--dir /path/to/keep/databases] [--plans] [--cache-mb N]";

const { values: args } = parseArgs({
  options: {
    iterations: { type: "string", default: "200" },
    dir: { type: "string" },
    plans: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    "cache-mb": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const iterations = Number(args.iterations);
const dir = args.dir ?? mkdtempSync(join(tmpdir(), "shop-bench-"));
mkdirSync(dir, { recursive: true });

/** The database URL of each size: a SQLite file, or a PostgreSQL database on `adminUrl`'s server. */
async function databaseUrl(size: number, adminUrl: string | undefined): Promise<string> {
  if (!adminUrl) return `file:${join(dir, `catalogue-${size}.db`)}`;
  const name = `bench_catalogue_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function prepare(url: string, size: number): Promise<void> {
  const db = connect(url);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const added = await seedSyntheticProducts(db, size, {
      onProgress: (done, target) => process.stderr.write(`\r  seeding ${done}/${target}`),
    });
    if (added > 0) process.stderr.write(`  (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    // Table statistics, as autovacuum gathers them after a bulk load; and the visibility map for index-only scans.
    if (db.dialect === "postgres") await sql`VACUUM ANALYZE`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

async function measure(url: string): Promise<Timings> {
  const db = connect(url);
  if (args["cache-mb"] && db.dialect === "sqlite")
    await sql`PRAGMA cache_size = ${sql.raw(String(-1024 * Number(args["cache-mb"])))}`.execute(db.kysely);
  const api = benchApi(db);
  const timings: Timings = new Map();
  try {
    for (const endpoint of ENDPOINTS) {
      const url = `http://bench/api${endpoint.path}`;
      let total = 0;
      for (let i = 0; i < WARM_UP; i++) await (await api.request(url)).text();
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        const response = await api.request(url);
        const body = await response.text();
        samples.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${body}`);
        total = JSON.parse(body).pagination?.total ?? JSON.parse(body).data.length;
      }
      samples.sort((a, b) => a - b);
      timings.set(endpoint.name, { p50: percentile(samples, 50), p95: percentile(samples, 95), total });
    }
  } finally {
    await db.close();
  }
  return timings;
}

const ms = (value: number) => value.toFixed(2).padStart(8);

const server = await postgresServer(Boolean(args.postgres));
try {
  const results = new Map<number, Timings>();
  for (const size of SIZES) {
    process.stderr.write(`${size} products:\n`);
    const url = await databaseUrl(size, server?.adminUrl);
    await prepare(url, size);
    results.set(size, await measure(url));
    if (args.plans && size === SIZES[SIZES.length - 1]) await printPlans(url, ENDPOINTS);
  }
  const [small, large] = SIZES.map((size) => results.get(size) as Timings);
  const cache = args["cache-mb"] ? `${args["cache-mb"]} MB page cache` : "default page cache";
  const database = server ? "PostgreSQL" : `SQLite (${cache})`;
  console.log(`\nCatalogue API, in-process, ${database}, ${iterations} requests per endpoint after ${WARM_UP} warm-up (ms)`);
  console.log(
    `Load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")} on ${cpus().length} CPUs (figures are only comparable on a quiet machine)\n`,
  );
  console.log(
    `${"endpoint".padEnd(22)} ${"1k p50".padStart(8)} ${"1k p95".padStart(8)} ${"100k p50".padStart(8)} ${"100k p95".padStart(8)} ${"p50 x".padStart(7)} ${"p95 x".padStart(7)}  matches 1k / 100k`,
  );
  for (const endpoint of ENDPOINTS) {
    const a = small.get(endpoint.name);
    const b = large.get(endpoint.name);
    if (!a || !b) continue;
    console.log(
      `${endpoint.name.padEnd(22)} ${ms(a.p50)} ${ms(a.p95)} ${ms(b.p50)} ${ms(b.p95)} ${(b.p50 / a.p50).toFixed(2).padStart(7)} ${(b.p95 / a.p95).toFixed(2).padStart(7)}  ${a.total} / ${b.total}`,
    );
  }
  console.log("\np50 x / p95 x: the 100k figure divided by the 1k figure; compare with the baseline row.");
} finally {
  server?.stop();
  if (!args.dir) rmSync(dir, { recursive: true, force: true });
}
