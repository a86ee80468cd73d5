/**
 * Dashboard benchmark: the back office's dashboard and audit log at a million orders (two years of them from 20,000
 * shoppers, an item or more each, most completed, the last days still to ship, some cancelled) and a hundred
 * thousand audit entries.
 *
 *   node bench/dashboard.ts [--orders 1000000] [--postgres] [--iterations 30] [--dir /path/to/keep/the/database] [--plans]
 *
 * The database is a SQLite file in a temporary folder (deleted afterwards unless --dir names one; a database there
 * that holds the orders already is measured as it is). --postgres measures PostgreSQL instead: a throwaway cluster
 * (scripts/pg-cluster.ts, or the server TEST_PG_ADMIN_URL names), analysed after seeding as autovacuum would.
 * Requests go in-process through `app.request` with an operator's token, as the storefront sends them. --plans prints
 * every statement of each endpoint with its own median time and its plan (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's
 * EXPLAIN ANALYZE).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type RawBuilder, sql } from "kysely";
import pg from "pg";
import { issueToken } from "#api/auth/auth.service.ts";
import { systemClock } from "#api/core/clock.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { benchApi, percentile, postgresServer, printPlans } from "./lib/in-process-api.ts";

const PRODUCTS = 1_000;
const AUDIT_ENTRIES = 100_000;
/** Shoppers the orders are spread over (a planner that sees few would read orders by shopper). */
const SHOPPERS = 20_000;
const SPAN_SECONDS = 2 * 365 * 86_400;
const WARM_UP = 5;

const ENDPOINTS = [
  { name: "dashboard", path: "/admin/dashboard" },
  { name: "audit log", path: "/admin/audit" },
  { name: "audit log, one kind", path: "/admin/audit?action=order.status&page=3" },
  { name: "audit log, one operator", path: "/admin/audit?actor=ops7%40example.com" },
  { name: "audit log, one day", path: "/admin/audit?from=2026-06-01&to=2026-06-01" },
  { name: "orders to ship", path: "/admin/orders?status=to_ship" },
] as const;

const USAGE = "Usage: npm run bench:dashboard -- [--orders 1000000] [--postgres] [--iterations 30] [--dir /path] [--plans]";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "1000000" },
    iterations: { type: "string", default: "30" },
    dir: { type: "string" },
    plans: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const orderCount = Number(args.orders);
const iterations = Number(args.iterations);
const dir = args.dir ?? mkdtempSync(join(tmpdir(), "shop-bench-dashboard-"));
mkdirSync(dir, { recursive: true });

/** 1..count as rows `i`, and the moment `secondsAgo` before now as the shop writes timestamps, in each dialect. */
function dialectSql(db: Db) {
  if (db.dialect === "postgres") {
    return {
      series: (count: number) => sql`generate_series(1, ${sql.lit(count)}) AS n(i)`,
      isoAgo: (secondsAgo: RawBuilder<unknown>) =>
        sql`to_char((now() - make_interval(secs => ${secondsAgo})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    };
  }
  return {
    series: (count: number) =>
      sql`(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.lit(count)}) SELECT i FROM s) AS n`,
    isoAgo: (secondsAgo: RawBuilder<unknown>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${secondsAgo}) || ' seconds')`,
  };
}

/**
 * A million orders in one statement each for the orders, their items and the audit log: order i was placed
 * i/N of two years ago. Newer than a day: confirmed; than three days: processing; else completed, but one in 25
 * cancelled (refunded). Each has one line of one to three units of one of the catalogue's products.
 */
async function seedOrders(db: Db, count: number) {
  const { series, isoAgo } = dialectSql(db);
  const k = db.kysely;
  await sql`INSERT INTO users (name, email, password_hash, email_verified, role, created_at, updated_at)
    SELECT 'Bench Shopper', 'bench' || n.i || '@example.com', 'x', 1, 'shopper', ${isoAgo(sql`${sql.lit(SPAN_SECONDS)}`)}, ${isoAgo(sql`${sql.lit(SPAN_SECONDS)}`)}
    FROM ${series(SHOPPERS)}`.execute(k);
  const { firstShopper } = await k
    .selectFrom("users")
    .select((eb) => eb.fn.min<number>("id").as("firstShopper"))
    .where("email", "like", "bench%")
    .executeTakeFirstOrThrow();
  const ago = sql`(n.i * ${sql.lit(SPAN_SECONDS)}.0 / ${sql.lit(count)})`;
  const status = sql`CASE WHEN ${ago} < 86400 THEN 'confirmed' WHEN ${ago} < 259200 THEN 'processing' WHEN n.i % 25 = 0 THEN 'cancelled' ELSE 'completed' END`;
  const paymentStatus = sql`CASE WHEN n.i % 25 = 0 AND ${ago} >= 259200 THEN 'refunded' ELSE 'paid' END`;
  await sql`INSERT INTO orders (code, user_id, idempotency_key, status, payment_status, payment_method, subtotal_pence, extras_pence,
      shipping_pence, discount_pence, tax_pence, total_pence, shipping_method, ship_label, ship_line1, ship_city, ship_postal_code,
      ship_phone, created_at, updated_at)
    SELECT 'MN-B' || n.i, ${firstShopper} + n.i % ${sql.lit(SHOPPERS)}, 'bench-' || n.i, ${status}, ${paymentStatus}, 'credit_card', 4000 + (n.i % 7) * 1000, 0, 500, 0, 0,
      4500 + (n.i % 7) * 1000, 'Standard', 'Home', '1 High Street', 'London', 'E1 1AA', '07000000000', ${isoAgo(ago)}, ${isoAgo(ago)}
    FROM ${series(count)}`.execute(k);
  const { first } = await k
    .selectFrom("products")
    .select((eb) => eb.fn.min<number>("id").as("first"))
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO order_items (order_id, product_id, variant_id, product_name, product_image, variant_name, product_sku, fit,
      unit_price_pence, extra_price_pence, quantity)
    SELECT o.id, ${first} + (o.id % ${sql.lit(PRODUCTS)}), NULL, 'Bench product ' || (o.id % ${sql.lit(PRODUCTS)}), NULL, 'Black / M', 'BENCH',
      NULL, o.subtotal_pence, 0, 1 + o.id % 3
    FROM orders o WHERE o.code LIKE 'MN-B%'`.execute(k);
  const auditAgo = sql`(n.i * ${sql.lit(SPAN_SECONDS)}.0 / ${sql.lit(AUDIT_ENTRIES)})`;
  await sql`INSERT INTO audit_log (actor_user_id, actor_email, action, subject, before_json, after_json, created_at)
    SELECT NULL, 'ops' || (n.i % 10) || '@example.com',
      CASE n.i % 4 WHEN 0 THEN 'order.status' WHEN 1 THEN 'product.update' WHEN 2 THEN 'message.handled' ELSE 'promo.create' END,
      'order:MN-B' || n.i, '{"status":"processing"}', '{"status":"shipped"}', ${isoAgo(auditAgo)}
    FROM ${series(AUDIT_ENTRIES)}`.execute(k);
}

async function databaseUrl(adminUrl: string | undefined): Promise<string> {
  if (!adminUrl) return `file:${join(dir, `dashboard-${orderCount}.db`)}`;
  const name = `bench_dashboard_${orderCount}`;
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

/** Migrates and seeds (unless the orders are there already); answers an operator's token. */
async function prepare(db: Db): Promise<string> {
  await migrateToLatest(db);
  const seeded = await db.kysely.selectFrom("orders").select("id").where("code", "=", "MN-B1").executeTakeFirst();
  if (!seeded) {
    const started = performance.now();
    process.stderr.write(`seeding ${PRODUCTS} products, ${orderCount} orders and ${AUDIT_ENTRIES} audit entries…`);
    await seedSyntheticProducts(db, PRODUCTS);
    await seedOrders(db, orderCount);
    process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    // Table statistics, as autovacuum (PostgreSQL) or the optimizer (SQLite) gathers them after a bulk load.
    await sql`${sql.raw(db.dialect === "postgres" ? "VACUUM ANALYZE" : "ANALYZE")}`.execute(db.kysely);
  }
  const now = new Date().toISOString();
  const operator = await db.kysely
    .insertInto("users")
    .values({
      name: "Bench Desk",
      email: `desk-${Date.now()}@example.com`,
      password_hash: "x",
      email_verified: 1,
      role: "operator",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return issueToken(db.kysely, systemClock, operator.id);
}

const ms = (value: number) => value.toFixed(2).padStart(8);

const server = await postgresServer(Boolean(args.postgres));
const url = await databaseUrl(server?.adminUrl);
const db = connect(url, { poolMax: 4 });
try {
  const token = await prepare(db);
  const api = benchApi(db);
  const headers = { authorization: `Bearer ${token}` };
  console.log(
    `\nDashboard API at ${orderCount} orders and ${AUDIT_ENTRIES} audit entries, in-process, ${server ? "PostgreSQL" : "SQLite"}, ${iterations} requests per endpoint after ${WARM_UP} warm-up (ms)`,
  );
  console.log(
    `Load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")} on ${cpus().length} CPUs (figures are only comparable on a quiet machine)\n`,
  );
  console.log(`${"endpoint".padEnd(26)} ${"p50".padStart(8)} ${"p95".padStart(8)}`);
  for (const endpoint of ENDPOINTS) {
    const url = `http://bench/api${endpoint.path}`;
    for (let i = 0; i < WARM_UP; i++) await (await api.request(url, { headers })).text();
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      const response = await api.request(url, { headers });
      const body = await response.text();
      samples.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${body}`);
    }
    samples.sort((a, b) => a - b);
    console.log(`${endpoint.name.padEnd(26)} ${ms(percentile(samples, 50))} ${ms(percentile(samples, 95))}`);
  }
  if (args.plans) await printPlans(url, ENDPOINTS, { headers: { authorization: `Bearer ${token}` }, skip: /"auth_tokens"/ });
} finally {
  await db.close();
  server?.stop();
  if (!args.dir) rmSync(dir, { recursive: true, force: true });
}
