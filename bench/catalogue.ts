/**
 * Catalogue benchmark: listing and search latency at 1k and 100k products, in one run, with the ratio
 * between the sizes and a trivial endpoint (GET /public/categories) as the baseline ratio.
 *
 *   node bench/catalogue.ts [--iterations 200] [--dir /path/to/keep/databases] [--plans] [--cache-mb N]
 *
 * Databases are SQLite files in a temporary folder (deleted afterwards unless --dir names one; an
 * existing database there is topped up, not rebuilt). Requests go in-process through `app.request`,
 * as the storefront sends them. --plans prints SQLite's EXPLAIN QUERY PLAN of every query per endpoint;
 * --cache-mb sets SQLite's page cache of the measured connection (default: what connect() sets) to compare.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import pino from "pino";
import { createApi } from "#api/app.ts";
import { systemClock } from "#api/core/clock.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import type { Database } from "#api/db/schema.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { memoryMailer } from "#api/mail/mailer.ts";
import { testGateway } from "#api/payments/gateway.ts";

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

const USAGE = "Usage: npm run bench -- [--iterations 200] [--dir /path/to/keep/databases] [--plans] [--cache-mb N]";

const { values: args } = parseArgs({
  options: {
    iterations: { type: "string", default: "200" },
    dir: { type: "string" },
    plans: { type: "boolean", default: false },
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
const logger = pino({ level: "silent" });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function prepare(size: number): Promise<string> {
  const file = join(dir, `catalogue-${size}.db`);
  const db = connect(`file:${file}`);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const added = await seedSyntheticProducts(db, size, {
      onProgress: (done, target) => process.stderr.write(`\r  seeding ${done}/${target}`),
    });
    if (added > 0) process.stderr.write(`  (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  } finally {
    await db.close();
  }
  return file;
}

async function measure(file: string): Promise<Timings> {
  const db = connect(`file:${file}`);
  if (args["cache-mb"]) await sql`PRAGMA cache_size = ${sql.raw(String(-1024 * Number(args["cache-mb"])))}`.execute(db.kysely);
  const api = createApi({ db, clock: systemClock, logger, mailer: memoryMailer(), gateway: testGateway(), catalogueCacheMs: 0 });
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

/** Every SQL statement each endpoint runs, with SQLite's plan for it. */
async function printPlans(file: string): Promise<void> {
  const sqlite = new SQLite(file, { readonly: true });
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  const db: Db = { kysely, dialect: "sqlite", close: () => kysely.destroy() };
  const api = createApi({ db, clock: systemClock, logger, mailer: memoryMailer(), gateway: testGateway(), catalogueCacheMs: 0 });
  for (const endpoint of ENDPOINTS) {
    captured.length = 0;
    await api.request(`http://bench/api${endpoint.path}`);
    console.log(`\n## ${endpoint.name}: ${endpoint.path}`);
    for (const query of captured) {
      console.log(`  ${query.sql.replace(/\s+/g, " ").slice(0, 220)}`);
      const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[];
      for (const step of plan) console.log(`    - ${step.detail}`);
    }
  }
  await db.close();
}

const ms = (value: number) => value.toFixed(2).padStart(8);

try {
  const results = new Map<number, Timings>();
  for (const size of SIZES) {
    process.stderr.write(`${size} products:\n`);
    const file = await prepare(size);
    results.set(size, await measure(file));
    if (args.plans && size === SIZES[SIZES.length - 1]) await printPlans(file);
  }
  const [small, large] = SIZES.map((size) => results.get(size) as Timings);
  const cache = args["cache-mb"] ? `${args["cache-mb"]} MB page cache` : "default page cache";
  console.log(`\nCatalogue API, in-process, SQLite (${cache}), ${iterations} requests per endpoint after ${WARM_UP} warm-up (ms)`);
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
  if (!args.dir) rmSync(dir, { recursive: true, force: true });
}
