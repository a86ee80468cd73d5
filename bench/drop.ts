/**
 * The drop: a limited release, --shoppers buyers paying at the same moment for one variant that has --stock units.
 * Each shopper is a verified account of the bench's own with a saved address and a bearer token, written straight
 * into the database before the run (the run measures the payment, not sign-ups). Every shopper sends one
 * `POST /api/payments/process` for one unit by test card, from a client address of its own, all at once, against
 * the built shop in its own process: on SQLite and on PostgreSQL (a throwaway cluster), with one process and with
 * --workers (WEB_CONCURRENCY). Each run prints the orders placed, the stock left, the answers by status and text,
 * and the p50/p95/p99 of the answers; the bench fails (exit code 1) unless, in every run, exactly --stock orders are
 * placed, the stock ends at 0, every other shopper is answered the sold-out text (no 5xx), and no order or
 * payment attempt is left pending.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { issueToken } from "#api/auth/auth.service.ts";
import { systemClock } from "#api/core/clock.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { setVariantStock } from "#api/operator/stock.ts";
import { hashPassword } from "#api/security/passwords.ts";
import { paymentRequest } from "#api/testing/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from "../scripts/pg-cluster.ts";
import { buildForBench, startShop } from "./lib/servers.ts";
import { clientAddress } from "./lib/shoppers.ts";

const USAGE = `Usage: npm run bench:drop -- [--shoppers 500] [--stock 100] [--workers N] [--databases sqlite,postgres] [--no-build]

Builds the shop (unless --no-build), then for each database (PostgreSQL needs the server binaries) and for one
process and --workers processes (default: one per CPU, at least 2) starts it on a fresh database, gives one
variant --stock units, makes --shoppers accounts, and has them all pay for one unit at the same moment.`;

const { values: args } = parseArgs({
  options: {
    shoppers: { type: "string", default: "500" },
    stock: { type: "string", default: "100" },
    workers: { type: "string", default: String(Math.max(2, availableParallelism())) },
    databases: { type: "string", default: "sqlite,postgres" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const SHOPPERS = Number(args.shoppers);
const STOCK = Number(args.stock);
const WORKERS = Number(args.workers);
const DATABASES = args.databases.split(",").filter(Boolean) as ("sqlite" | "postgres")[];
const PASSWORD = "bench-linen-and-silk-42";
/** Payments made one at a time before the rush, on another variant: what one payment takes in a quiet shop. */
const QUIET_PAYMENTS = 10;

interface DropShopper {
  token: string;
  addressId: number;
  ip: string;
}

interface Answer {
  status: number;
  text: string;
  ms: number;
}

interface DropRun {
  name: string;
  /** The baseline: payments made one at a time in a quiet shop, before the rush. */
  quiet: Answer[];
  answers: Answer[];
  placed: number;
  stockLeft: number;
  pendingOrders: number;
  processingAttempts: number;
  soldOutText: string;
  wallMs: number;
}

/**
 * Two variants of active products, given `stock` and `quietStock` units: the drop's, and the one the quiet shop's
 * shoppers buy before the rush (the baseline).
 */
async function dropVariants(db: Db, stock: number, quietStock: number) {
  const [drop, quiet] = await db.kysely
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.id", "v.product_id", "v.sku", "p.name", "v.color_name", "v.size"])
    .where("p.status", "=", "Active")
    .orderBy("p.id")
    .orderBy("v.id")
    .limit(2)
    .execute();
  if (!drop || !quiet) throw new Error("the demo catalogue has fewer than two variants");
  await setVariantStock(db, drop.sku, stock);
  await setVariantStock(db, quiet.sku, quietStock);
  return { drop, quiet };
}

/** `count` verified accounts with an address and a bearer token each, written in one transaction. */
async function dropShoppers(db: Db, count: number): Promise<DropShopper[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const stamp = Date.now();
  return db.kysely.transaction().execute(async (trx) => {
    const shoppers: DropShopper[] = [];
    for (let n = 0; n < count; n++) {
      const user = await trx
        .insertInto("users")
        .values({
          name: `Drop Shopper ${n}`,
          email: `drop-${stamp}-${n}@example.com`,
          password_hash: passwordHash,
          email_verified: 1,
          role: "shopper",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const address = await trx
        .insertInto("addresses")
        .values({
          user_id: user.id,
          label: "Home",
          line1: "41 Green Street",
          line2: null,
          city: "London",
          postal_code: "E7 8LE",
          phone: "020 7946 0321",
          is_default: 1,
          address_type: "Home",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      shoppers.push({ token: await issueToken(trx, systemClock, user.id), addressId: address.id, ip: clientAddress(n + 2) });
    }
    return shoppers;
  });
}

async function pay(base: string, shopper: DropShopper, item: { productId: number; variantId: number }): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/payments/process`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${shopper.token}`,
        "idempotency-key": randomUUID(),
        "x-forwarded-for": shopper.ip,
      },
      body: JSON.stringify(paymentRequest(shopper.addressId, [{ ...item, quantity: 1 }])),
    });
    const body = await response.text();
    let text: string;
    try {
      const envelope = JSON.parse(body) as { success: boolean; message: string; error?: { message: string } };
      text = envelope.success ? "(order placed)" : (envelope.error?.message ?? envelope.message);
    } catch {
      text = `(not JSON) ${body.slice(0, 60)}`;
    }
    return { status: response.status, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, text: `(no answer) ${(error as Error).message}`, ms: performance.now() - started };
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function runDrop(database: { kind: "sqlite" | "postgres"; url: string }, processes: number): Promise<DropRun> {
  const name = `${database.kind}, ${processes === 1 ? "1 process" : `${processes} workers`}`;
  const logDir = mkdtempSync(join(tmpdir(), "shop-bench-drop-"));
  const logFile = join(logDir, "server.log");
  const shop = await startShop({ env: { DATABASE_URL: database.url, WEB_CONCURRENCY: String(processes) }, logFile });
  const db = connect(database.url);
  try {
    const { drop: variant, quiet: quietVariant } = await dropVariants(db, STOCK, QUIET_PAYMENTS);
    const shoppers = await dropShoppers(db, SHOPPERS + QUIET_PAYMENTS);
    const quiet: Answer[] = [];
    for (const shopper of shoppers.splice(0, QUIET_PAYMENTS)) {
      quiet.push(await pay(shop.url, shopper, { productId: quietVariant.product_id, variantId: quietVariant.id }));
    }
    const item = { productId: variant.product_id, variantId: variant.id };
    const started = performance.now();
    const answers = await Promise.all(shoppers.map((shopper) => pay(shop.url, shopper, item)));
    const wallMs = performance.now() - started;
    const placed = await db.kysely
      .selectFrom("order_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("variant_id", "=", variant.id)
      .executeTakeFirstOrThrow();
    const left = await db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variant.id).executeTakeFirstOrThrow();
    const pending = await db.kysely
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    const processing = await db.kysely
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "processing")
      .executeTakeFirstOrThrow();
    const errors = readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes('"level":50'));
    if (errors.length > 0) console.log(`  ${name}: ${errors.length} error lines in the server log, the first: ${errors[0]?.slice(0, 300)}`);
    return {
      name,
      quiet,
      answers,
      placed: Number(placed.n),
      stockLeft: left.stock,
      pendingOrders: Number(pending.n),
      processingAttempts: Number(processing.n),
      soldOutText: MSG.payment.soldOut(`${variant.name} (${variant.color_name} / ${variant.size})`),
      wallMs,
    };
  } finally {
    await db.close();
    await shop.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** What a run must show: exactly the stock sold, none left, every other shopper told it sold out, nothing pending. */
function failuresOf(run: DropRun): string[] {
  const failures: string[] = [];
  if (run.placed !== STOCK) failures.push(`${run.placed} orders placed, not ${STOCK}`);
  if (run.stockLeft !== 0) failures.push(`${run.stockLeft} units left, not 0`);
  const quietFailed = run.quiet.filter((answer) => answer.status !== 200).length;
  if (quietFailed > 0) failures.push(`${quietFailed} of the quiet shop's payments failed`);
  const placedAnswers = run.answers.filter((answer) => answer.status === 200).length;
  if (placedAnswers !== run.placed)
    failures.push(`${placedAnswers} shoppers told their order was placed, ${run.placed} orders in the database`);
  const others = run.answers.filter((answer) => answer.status !== 200);
  const notSoldOut = others.filter((answer) => answer.text !== run.soldOutText);
  if (notSoldOut.length > 0) failures.push(`${notSoldOut.length} shoppers answered something other than the sold-out text`);
  if (run.pendingOrders > 0) failures.push(`${run.pendingOrders} orders left pending`);
  if (run.processingAttempts > 0) failures.push(`${run.processingAttempts} payment attempts left processing`);
  return failures;
}

function report(run: DropRun): void {
  const times = run.answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const byAnswer = new Map<string, number>();
  for (const answer of run.answers) {
    const key = `${answer.status} ${answer.text}`;
    byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
  }
  console.log(`\n${run.name}: ${SHOPPERS} shoppers, ${STOCK} in stock, all answered in ${(run.wallMs / 1000).toFixed(2)} s`);
  console.log(
    `  orders placed ${run.placed}, stock left ${run.stockLeft}, orders pending ${run.pendingOrders}, attempts processing ${run.processingAttempts}`,
  );
  const quiet = run.quiet.map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(
    `  baseline: one payment at a time in a quiet shop, p50 ${percentile(quiet, 50).toFixed(0)} ms (${run.quiet.length} payments)`,
  );
  console.log(
    `  answer time in the rush p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms`,
  );
  for (const [answer, count] of [...byAnswer].sort(([, a], [, b]) => b - a)) console.log(`  ${String(count).padStart(5)} × ${answer}`);
}

async function postgresDatabases(): Promise<{ cluster: ThrowawayCluster; create: (name: string) => Promise<string> }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL runs need the server binaries under /usr/lib/postgresql (apt-get install postgresql)");
  const cluster = await startThrowawayCluster(bin);
  return {
    cluster,
    async create(name) {
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(cluster.adminUrl);
      url.pathname = `/${name}`;
      return url.href;
    },
  };
}

if (!args["no-build"]) buildForBench({ floor: false });
const postgres = DATABASES.includes("postgres") ? await postgresDatabases() : undefined;
const failed: string[] = [];
try {
  for (const kind of DATABASES) {
    for (const processes of [1, WORKERS]) {
      const folder = kind === "sqlite" ? mkdtempSync(join(tmpdir(), "shop-bench-drop-db-")) : undefined;
      const database =
        kind === "postgres" && postgres
          ? { kind, url: await postgres.create(`drop_${processes}`) }
          : { kind, url: `file:${join(folder ?? "", "shop.db")}` };
      const run = await runDrop(database, processes).finally(() => folder && rmSync(folder, { recursive: true, force: true }));
      report(run);
      for (const failure of failuresOf(run)) failed.push(`${run.name}: ${failure}`);
    }
  }
} finally {
  postgres?.cluster.stop();
}
if (failed.length > 0) {
  console.log(`\nFAILED:\n${failed.map((failure) => `  ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log(`\nEvery run sold exactly ${STOCK}, left 0, told every other shopper it sold out, and left nothing pending.`);
