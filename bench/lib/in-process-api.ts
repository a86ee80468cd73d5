import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import pino from "pino";
import { createApi } from "#api/app.ts";
import { NO_CATALOGUE_CACHING } from "#api/catalogue/read-cache.ts";
import { readBackendConfig } from "#api/config.ts";
import { systemClock } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import { memoryMailer } from "#api/mail/mailer.ts";
import { mailOutbox } from "#api/mail/outbox.ts";
import { testGateway } from "#api/payments/gateway.ts";
import { SHOP } from "#contract/shop.ts";
import { findPostgresBin, startThrowawayCluster } from "../../scripts/pg-cluster.ts";

/** What the API benches (`npm run bench`, `bench:dashboard`) share: the API they call in-process, percentiles, plans. */

const logger = pino({ level: "silent" });

/** The API as the benches measure it: no catalogue cache and views written at once, so every request queries. */
export function benchApi(db: Db) {
  const mailer = memoryMailer();
  const shopUrl = "http://localhost:3000";
  return createApi({
    db,
    clock: systemClock,
    logger,
    mailer,
    outbox: mailOutbox({ db, clock: systemClock, mailer, logger, shopUrl, shopOrdersEmail: SHOP.email, sentRetentionDays: 30 }),
    gateway: testGateway(),
    catalogue: NO_CATALOGUE_CACHING,
    // Nothing listens there: the benches ask for no rates.
    ratesSource: { url: "http://127.0.0.1:9/rates" },
    viewWriteDelayMs: 0,
    shopUrl,
    lowStockThreshold: readBackendConfig().LOW_STOCK_THRESHOLD,
  });
}

/** A statement that reads (not a write, nor a transaction's begin or end). */
const READ = /^\s*(select|with)\b/i;

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** PostgreSQL when asked for: the server TEST_PG_ADMIN_URL names, else a throwaway cluster for this run. */
export async function postgresServer(wanted: boolean): Promise<{ adminUrl: string; stop(): void } | undefined> {
  if (!wanted) return undefined;
  if (process.env.TEST_PG_ADMIN_URL) return { adminUrl: process.env.TEST_PG_ADMIN_URL, stop: () => {} };
  const bin = findPostgresBin();
  if (!bin) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql).");
  return startThrowawayCluster(bin);
}

type Query = { sql: string; parameters: readonly unknown[] };

/**
 * Every SQL statement each endpoint reads with (its writes and those matching `skip` aside), with its own median time (of the runs after
 * the first few) and the database's plan for it.
 */
export async function printPlans(
  url: string,
  endpoints: readonly { name: string; path: string }[],
  options: { headers?: Record<string, string>; skip?: RegExp } = {},
): Promise<void> {
  const captured: Query[] = [];
  const log = (event: { level: string; query: Query }) => {
    if (event.level === "query") captured.push(event.query);
  };
  let plan: (query: Query) => Promise<string[]>;
  let run: (query: Query) => Promise<unknown>;
  let kysely: Kysely<Database>;
  let dialect: Db["dialect"];
  if (url.startsWith("file:")) {
    const sqlite = new SQLite(url.slice("file:".length), { readonly: true });
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
    dialect = "sqlite";
    plan = async (query) =>
      (sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[]).map(
        (step) => step.detail,
      );
    run = async (query) => sqlite.prepare(query.sql).all(...(query.parameters as unknown[]));
  } else {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    dialect = "postgres";
    plan = async (query) =>
      (await pool.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${query.sql}`, query.parameters as unknown[])).rows.map(
        (row) => row["QUERY PLAN"] as string,
      );
    run = (query) => pool.query(query.sql, query.parameters as unknown[]);
  }
  const db: Db = { kysely, dialect, close: () => kysely.destroy() };
  const api = benchApi(db);
  for (const endpoint of endpoints) {
    captured.length = 0;
    await api.request(`http://bench/api${endpoint.path}`, { headers: options.headers });
    console.log(`\n## ${endpoint.name}: ${endpoint.path}`);
    // Reads only: a write an endpoint makes on the side (a product's view count, in its own transaction) would
    // change the measured database, and EXPLAIN ANALYZE runs what it explains.
    for (const query of captured.filter((each) => READ.test(each.sql) && !options.skip?.test(each.sql))) {
      // The statement alone, as the endpoint sends it: median of 20 runs after 5 to warm up.
      const samples: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        await run(query);
        if (i >= 5) samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      console.log(`  [${percentile(samples, 50).toFixed(2)} ms] ${query.sql.replace(/\s+/g, " ").slice(0, 220)}`);
      for (const step of await plan(query)) console.log(`    - ${step}`);
    }
  }
  await db.close();
}
