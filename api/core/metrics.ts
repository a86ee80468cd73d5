import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "kysely";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "#api/db/connect.ts";
import type { DeliveryReport } from "#api/mail/outbox.ts";
import type { RecoveryReport } from "#api/payments/payment-recovery.ts";

/**
 * The shop's Prometheus metrics (decision 0065): every family, what records into it and what reads it at a scrape,
 * in this one module. The registry is the process's; with WEB_CONCURRENCY > 1 the primary sums its workers' (the
 * database's own figures, alike in every process, are taken from one of them, not summed). Recording is a counter's
 * increment in memory, so it runs whether METRICS_TOKEN is set or not; only the endpoint is off without it.
 */
const registry = new Registry();

/** Seconds: a page renders in milliseconds, a payment with its provider in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Counter({
  name: "shop_http_requests_total",
  help: "Requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: "shop_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});
const payments = new Counter({
  name: "shop_payments_total",
  help: "Payment attempts this process settled, by outcome: succeeded (a card paid; a hosted checkout opened), declined, refused, failed",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
const recoveryPasses = new Counter({
  name: "shop_recovery_passes_total",
  help: "Payment recovery passes offered by this process: ran, or skipped while another process held the lease",
  labelNames: ["result"] as const,
  registers: [registry],
});
const recoverySettled = new Counter({
  name: "shop_recovery_settled_total",
  help: "What the recovery pass settled, by kind (attempt, held, checkout, cancelled_refund, refund_retry) and outcome",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});
const mailDeliveries = new Counter({
  name: "shop_mail_deliveries_total",
  help: "E-mails this process's outbox sender tried to send, by result (sent, failed: retried later or given up)",
  labelNames: ["result"] as const,
  registers: [registry],
});
const pageCacheLookups = new Counter({
  name: "shop_page_cache_lookups_total",
  help: "Pages the server could answer from its cache, by result (hit, miss)",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** The database this process serves from: its pool and the queues the figures below read. */
let observed: Db | undefined;

new Gauge({
  name: "shop_db_pool_connections",
  help: "PostgreSQL pool connections of this process, by state (total, idle, waiting: requests queued for one, max); SQLite has no pool",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = observed?.pool?.();
    if (!pool) return;
    for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
  },
});

/**
 * The outbox's and the payments' queues are the database's, the same from every process: read at each scrape (small
 * counts over indexed columns), and a cluster takes one process's reading rather than their sum. While the
 * database is away they are left at none (the labelled) or 0 (the others), and the scrape answers the rest.
 */
const queueGauge = <Label extends string>(
  name: string,
  help: string,
  labelNames: readonly Label[],
  read: (db: Db, set: (value: number, labels?: Partial<Record<Label, string>>) => void) => Promise<void>,
) =>
  new Gauge({
    name,
    help,
    labelNames,
    aggregator: "first",
    registers: [registry],
    async collect() {
      this.reset();
      if (!observed) return;
      await read(observed, (value, labels) => (labels ? this.set(labels, value) : this.set(value))).catch(() => {
        // The database is away: the readiness probe and the request log say so; these figures are left out.
        this.reset();
      });
    },
  });

queueGauge(
  "shop_mail_outbox_messages",
  "E-mails in the outbox table by status: pending (the backlog, retries included), retrying (pending after a failed try), failed (given up)",
  ["status"],
  async (db, set) => {
    const rows = await db.kysely
      .selectFrom("mail_outbox")
      .select((eb) => [
        "status",
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>(sql<number>`case when attempts > 0 then 1 else 0 end`).as("retrying"),
      ])
      .where("status", "in", ["pending", "failed"])
      .groupBy("status")
      .execute();
    const pending = rows.find((row) => row.status === "pending");
    set(Number(pending?.count ?? 0), { status: "pending" });
    set(Number(pending?.retrying ?? 0), { status: "retrying" });
    set(Number(rows.find((row) => row.status === "failed")?.count ?? 0), { status: "failed" });
  },
);
queueGauge(
  "shop_payment_attempts_processing",
  "Payment attempts still processing (the recovery pass settles those older than two minutes)",
  [],
  async (db, set) => {
    const { count } = await db.kysely
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "processing")
      .executeTakeFirstOrThrow();
    set(Number(count));
  },
);
queueGauge(
  "shop_payment_attempt_oldest_processing_seconds",
  "Age of the oldest payment attempt still processing; 0 when none is",
  [],
  async (db, set) => {
    const { oldest } = await db.kysely
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.min("created_at").as("oldest"))
      .where("status", "=", "processing")
      .executeTakeFirstOrThrow();
    set(oldest ? Math.max(0, (Date.now() - Date.parse(String(oldest))) / 1000) : 0);
  },
);

/** Makes `db` the database whose pool and queues a scrape reads; the answer stops that (the database closes). */
export function observeDatabase(db: Db): () => void {
  observed = db;
  return () => {
    if (observed === db) observed = undefined;
  };
}

/** One request answered over HTTP: `route` is its pattern (`/product/:id`), never its URL, so the series stay few. */
export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export function recordPaymentOutcome(outcome: string): void {
  payments.inc({ outcome });
}

export function recordRecoveryPass(report: RecoveryReport): void {
  recoveryPasses.inc({ result: report.ran ? "ran" : "skipped" });
  if (!report.ran) return;
  const count = (kind: string, outcomes: readonly { outcome: string }[]) => {
    for (const { outcome } of outcomes) recoverySettled.inc({ kind, outcome });
  };
  count("attempt", report.settled);
  count("held", report.held);
  count("checkout", report.checkouts);
  count("cancelled_refund", report.refunds);
  count("refund_retry", report.refundsRetried);
  count("exchange_difference", report.differences);
}

export function recordMailDeliveries(report: DeliveryReport): void {
  mailDeliveries.inc({ result: "sent" }, report.sent);
  mailDeliveries.inc({ result: "failed" }, report.failed);
}

export function recordPageCacheLookup(hit: boolean): void {
  pageCacheLookups.inc({ result: hit ? "hit" : "miss" });
}

const REQUEST = "shop:metrics-request";
const ANSWER = "shop:metrics-answer";
let asked = 0;

/**
 * The shop's metrics as one scrape sees them: this process's, or in a cluster worker every worker's summed by the
 * primary (prom-client's AggregatorRegistry, over the cluster's IPC channel): a scrape reaches one worker, and the
 * instance answers for all of them.
 */
export function scrapeMetrics(): Promise<string> {
  if (!cluster.isWorker) return registry.metrics();
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; id?: number; text?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: REQUEST, id });
  });
}

/** In a worker: answers the primary's requests for this process's metrics (prom-client's listener). */
export function offerWorkerMetrics(): void {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/** In the primary: answers a worker's scrape with every worker's metrics. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function presentsMetricsToken(req: IncomingMessage, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1] as string);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Route patterns noted by whatever answered a request (the API, the file server), read when its answer ends. */
const notedPatterns = new WeakMap<IncomingMessage, string>();

export function noteRoutePattern(req: IncomingMessage, pattern: string): void {
  notedPatterns.set(req, pattern);
}

/**
 * Records `res` when it finishes, under the pattern that answered it noted, or else the one `patternOf` finds for
 * its path (the storefront's route table).
 */
export function timeRequest(req: IncomingMessage, res: ServerResponse, patternOf: () => string): void {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const route = notedPatterns.get(req) ?? patternOf();
    recordHttpRequest(req.method ?? "GET", route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  });
}
