import { randomUUID } from "node:crypto";
import { isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { recordRecoveryPass } from "#api/core/metrics.ts";
import type { PaymentAttemptStatus } from "#api/db/schema.ts";
import { isDatabaseUnavailable } from "#api/db/unavailable.ts";
import { returnOrderMoney, UNRETURNED_PAYMENT_STATUSES } from "#api/orders/orders.service.ts";
import { type SettledDifference, settleExchangePayments } from "#api/returns/exchange-payment-sweep.ts";
import { API_TIMEOUT_MS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import type { CardGateway } from "./gateway.ts";
import { settleOpenCheckouts } from "./hosted-checkout.service.ts";
import { captureOrder, gatewayKeyOf } from "./payments.service.ts";
import { type RetriedRefund, retryPendingRefunds } from "./refunds.ts";

/**
 * An attempt still `processing` this long after it began has lost its process (a crash or kill between the
 * order's commit and the capture, or before the order): no payment runs longer than the API's timeout.
 */
export const STUCK_ATTEMPT_AGE_MS = Math.max(2 * 60_000, 2 * API_TIMEOUT_MS);
/** How often each process offers to run the recovery pass (one process at a time runs it). */
export const RECOVERY_INTERVAL_MS = 60_000;
/** How long a pass's lease holds, should its process die mid-pass: longer than any pass takes. */
const LEASE_MS = 5 * 60_000;
const LEASE_NAME = "payment-recovery";

/** `outbox` sends an order's confirmation at once; without it (the operator CLI) a server's next outbox pass does. */
export type RecoveryDeps = Pick<ApiDeps, "db" | "clock" | "gateway" | "logger"> & Partial<Pick<ApiDeps, "outbox">>;

/** What the pass did with one attempt. */
export type RecoveryOutcome =
  /** Its order existed, authorised: captured now, the order confirmed and paid. */
  | "captured"
  /**
   * Its order existed but the capture or the order's confirmation failed: the attempt stays processing and the
   * next pass tries again (the capture's idempotency key makes a capture the provider already made a no-op).
   */
  | "capture_failed"
  /** Its order existed and was settled already (captured, refunded, or moved by the operator). */
  | "order_settled"
  /** No order, an authorisation: voided, the attempt failed. */
  | "voided"
  /** No order, an authorisation the gateway would not void: the attempt stays processing for the next pass. */
  | "void_failed"
  /** No order and nothing authorised: the attempt failed. */
  | "failed";

export interface RecoveredAttempt {
  attemptId: number;
  userId: number;
  orderCode: string | null;
  amountPence: number | null;
  startedAt: string;
  outcome: RecoveryOutcome;
}

/**
 * An order whose payment the provider holds (authorised, or captured without the order knowing) while the order is
 * not confirmed, its attempt settled already: the pass captured it and confirmed the order, or failed to.
 */
export interface HeldPayment {
  orderCode: string;
  outcome: "captured" | "capture_failed";
}

/** A cancelled order whose money the pass tried to give back, and what became of it. */
export interface ReturnedMoney {
  orderCode: string;
  outcome: "refunded" | "voided" | "failed";
}

/**
 * `ran: false` when another process held the pass's lease; `checkouts`: hosted checkouts settled (paid, past their
 * expiry, or closed: settleOpenCheckouts); `refunds`: cancelled orders whose money had not gone back;
 * `refundsRetried`: returns' and claims' refunds the provider had not done, asked again (retryPendingRefunds).
 */
export type RecoveryReport =
  | { ran: false }
  | {
      ran: true;
      settled: RecoveredAttempt[];
      held: HeldPayment[];
      checkouts: Awaited<ReturnType<typeof settleOpenCheckouts>>;
      refunds: ReturnedMoney[];
      refundsRetried: RetriedRefund[];
      /** Exchanges' price differences captured, settled, refunded or released (settleExchangePayments). */
      differences: SettledDifference[];
    };

/**
 * Settles every payment attempt left `processing` past STUCK_ATTEMPT_AGE_MS, (hosted gateway) every checkout
 * the provider has paid or closed, or left open past its expiry (settleOpenCheckouts), every order cancelled that long ago whose money has
 * not gone back (returnCancelledOrdersMoney), and every return's or claim's refund still pending a minute after it was
 * decided (retryPendingRefunds, under the refund's own key), under a lease so one process of all
 * the instances on the database runs it at a time. An attempt whose order exists is that order's: an
 * authorised payment is captured (a failed capture leaves the order for the operator, logged). An attempt
 * without an order never will have one: its authorisation is voided and the attempt fails, so a replay of its
 * key answers the failure and the shopper can pay again.
 */
export async function settleStuckPayments(deps: RecoveryDeps): Promise<RecoveryReport> {
  const holder = randomUUID();
  if (!(await takeLease(deps, holder))) return { ran: false };
  try {
    const startedBefore = new Date(deps.clock.now().getTime() - STUCK_ATTEMPT_AGE_MS).toISOString();
    const stuck = await deps.db.kysely
      .selectFrom("payment_attempts")
      .select(["id", "user_id", "idempotency_key", "gateway_reference", "amount_pence", "created_at"])
      .where("status", "=", "processing")
      .where("created_at", "<", startedBefore)
      .orderBy("id")
      .execute();
    const settled: RecoveredAttempt[] = [];
    const orderIdsSeen = new Set<number>();
    for (const attempt of stuck) {
      const { outcome, orderCode, orderId } = await settleAttempt(deps, attempt);
      if (orderId !== null) orderIdsSeen.add(orderId);
      settled.push({
        attemptId: attempt.id,
        userId: attempt.user_id,
        orderCode,
        amountPence: attempt.amount_pence,
        startedAt: attempt.created_at,
        outcome,
      });
      deps.logger.warn({ attemptId: attempt.id, orderCode, outcome }, "settled a payment attempt left processing");
    }
    const held = await confirmHeldPayments(deps, startedBefore, orderIdsSeen);
    const { gateway } = deps;
    const checkouts = gateway.kind === "hosted" ? await settleOpenCheckouts({ ...deps, gateway }) : [];
    for (const checkout of checkouts) deps.logger.info(checkout, "settled a hosted checkout whose events never came");
    const refunds = await returnCancelledOrdersMoney(deps, startedBefore);
    const refundsRetried = await retryPendingRefunds(deps.db, deps.clock, deps.gateway, deps.logger);
    if (refundsRetried.some((refund) => refund.outcome === "refunded")) deps.outbox?.kick();
    const differences = await settleExchangePayments(deps);
    return { ran: true, settled, held, checkouts, refunds, refundsRetried, differences };
  } finally {
    await deps.db.kysely.deleteFrom("job_leases").where("name", "=", LEASE_NAME).where("holder", "=", holder).execute();
  }
}

/**
 * Orders placed before `placedBefore` whose card payment is still only `authorised` and which are not cancelled,
 * whatever their attempt says: a confirmation that failed after the capture (a lock wait that ran out, a lost
 * connection) or a capture the provider did not answer. Each is captured under its own idempotency key (a no-op
 * at the provider when the money was taken already) and confirmed, with its e-mails, exactly once
 * (confirmPaidOrder). `skip`: orders this pass has just tried through their attempt.
 */
async function confirmHeldPayments(deps: RecoveryDeps, placedBefore: string, skip: ReadonlySet<number>): Promise<HeldPayment[]> {
  const { gateway } = deps;
  if (gateway.kind !== "card") return [];
  const held = await deps.db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .select(["o.id", "o.code", "o.user_id", "o.idempotency_key", "p.reference"])
    .where("p.status", "=", "authorised")
    .where("o.status", "!=", "cancelled")
    .where("o.created_at", "<", placedBefore)
    .orderBy("o.id")
    .execute();
  const confirmed: HeldPayment[] = [];
  for (const order of held.filter((row) => !skip.has(row.id))) {
    const outcome = (await captureOrderLogged(deps, gateway, order.id, order.reference, gatewayKeyOf(order.user_id, order.idempotency_key)))
      ? "captured"
      : "capture_failed";
    confirmed.push({ orderCode: order.code, outcome });
    deps.logger.warn({ orderCode: order.code, outcome }, "settled an order whose payment was held but not confirmed");
  }
  return confirmed;
}

/** captureOrder for the pass: a confirmation that fails is logged and left for the next pass, never thrown. */
async function captureOrderLogged(
  deps: RecoveryDeps,
  gateway: CardGateway,
  orderId: number,
  reference: string,
  gatewayKey: string,
): Promise<boolean> {
  try {
    return await captureOrder({ ...deps, gateway }, orderId, reference, gatewayKey);
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "confirming a captured order failed; the next pass tries again");
    return false;
  }
}

/**
 * Cancelled orders (before `cancelledBefore`, so the cancellation's own call has had its go) whose payment is
 * still taken or held: the provider failed, or the process stopped, after the cancellation committed. Each is
 * given back through `returnOrderMoney`; one the provider refuses again stays for the next pass.
 */
async function returnCancelledOrdersMoney(deps: RecoveryDeps, cancelledBefore: string): Promise<ReturnedMoney[]> {
  const owed = await deps.db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .select(["o.id", "o.code"])
    .where("o.status", "=", "cancelled")
    .where("o.updated_at", "<", cancelledBefore)
    .where("p.status", "in", UNRETURNED_PAYMENT_STATUSES)
    .orderBy("o.id")
    .execute();
  const returned: ReturnedMoney[] = [];
  for (const order of owed) {
    try {
      const settled = (await returnOrderMoney(deps.db, deps.clock, deps.gateway, order.id))?.status;
      if (settled === "refunded" || settled === "voided") {
        deps.outbox?.kick();
        returned.push({ orderCode: order.code, outcome: settled });
        deps.logger.warn({ orderCode: order.code, outcome: settled }, "gave back the money of a cancelled order");
      }
    } catch (error) {
      returned.push({ orderCode: order.code, outcome: "failed" });
      deps.logger.error({ err: error, orderCode: order.code }, "giving back a cancelled order's money failed; the next pass tries again");
    }
  }
  return returned;
}

interface StuckAttempt {
  id: number;
  user_id: number;
  idempotency_key: string;
  gateway_reference: string | null;
}

async function settleAttempt(
  deps: RecoveryDeps,
  attempt: StuckAttempt,
): Promise<{ outcome: RecoveryOutcome; orderCode: string | null; orderId: number | null }> {
  const { db } = deps;
  const gatewayKey = gatewayKeyOf(attempt.user_id, attempt.idempotency_key);
  const order = await db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .select(["o.id", "o.code", "o.payment_status", "p.reference"])
    .where("o.user_id", "=", attempt.user_id)
    .where("o.idempotency_key", "=", attempt.idempotency_key)
    .executeTakeFirst();
  if (order) {
    let outcome: RecoveryOutcome = "order_settled";
    const { gateway } = deps;
    if (order.payment_status === "authorised" && gateway.kind === "card") {
      outcome = (await captureOrderLogged(deps, gateway, order.id, order.reference, gatewayKey)) ? "captured" : "capture_failed";
    }
    // Succeeded only once its order is confirmed: a failed capture or confirmation is tried again next pass.
    if (outcome !== "capture_failed") await markAttempt(deps, attempt.id, "succeeded", { order_id: order.id });
    return { outcome, orderCode: order.code, orderId: order.id };
  }
  if (attempt.gateway_reference) {
    try {
      await deps.gateway.voidAuthorisation(attempt.gateway_reference, `${gatewayKey}:void`);
    } catch (error) {
      deps.logger.error({ err: error, attemptId: attempt.id }, "voiding a stuck attempt's authorisation failed; the next pass tries again");
      return { outcome: "void_failed", orderCode: null, orderId: null };
    }
  }
  await markAttempt(deps, attempt.id, "failed", {
    failure_status: 500,
    failure_code: "INTERNAL_ERROR",
    failure_message: MSG.payment.notCompleted,
  });
  return { outcome: attempt.gateway_reference ? "voided" : "failed", orderCode: null, orderId: null };
}

/** Settles an attempt the pass found, unless its own request settled it meanwhile. */
function markAttempt(
  deps: RecoveryDeps,
  id: number,
  status: PaymentAttemptStatus,
  fields: { order_id?: number; failure_status?: number; failure_code?: string; failure_message?: string },
) {
  return deps.db.kysely
    .updateTable("payment_attempts")
    .set({ status, ...fields, updated_at: isoNow(deps.clock) })
    .where("id", "=", id)
    .where("status", "=", "processing")
    .execute();
}

/**
 * Takes the pass's lease row when it is free or has expired (a holder that died), in one statement, so two
 * processes asking at once cannot both get it. A lease rather than a lock held on a connection: the pass calls
 * the gateway, and the lease works alike on SQLite files shared by processes and on PostgreSQL.
 */
async function takeLease(deps: RecoveryDeps, holder: string): Promise<boolean> {
  const now = deps.clock.now();
  const taken = await deps.db.kysely
    .insertInto("job_leases")
    .values({ name: LEASE_NAME, holder, expires_at: new Date(now.getTime() + LEASE_MS).toISOString() })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet((eb) => ({ holder: eb.ref("excluded.holder"), expires_at: eb.ref("excluded.expires_at") }))
        .where("job_leases.expires_at", "<=", now.toISOString()),
    )
    .returning("holder")
    .executeTakeFirst();
  return taken?.holder === holder;
}

/**
 * Runs the pass now and then every RECOVERY_INTERVAL_MS (an unref'd timer: it never keeps the process alive);
 * a failed pass is logged and the next one tries again. `stop` ends the timer and waits for a pass under way,
 * so the database can close after it.
 */
export function startPaymentRecovery(deps: RecoveryDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = settleStuckPayments(deps).then(recordRecoveryPass, (error: unknown) => {
      // The database away (at start, or for a moment) is expected and passes by itself: one line, no stack.
      if (isDatabaseUnavailable(error)) {
        deps.logger.warn(
          { reason: (error as Error).message },
          "the payment recovery pass could not reach the database; it runs again in a minute",
        );
      } else {
        deps.logger.error({ err: error }, "the payment recovery pass failed");
      }
    });
  };
  pass();
  const timer = setInterval(pass, RECOVERY_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * What `payments:pending` lists: attempts still processing, orders whose payment is only authorised, hosted
 * checkouts still open (their order pending, its stock held, until the shopper pays or the checkout expires),
 * cancelled orders whose money has not gone back yet, and returns' and claims' refunds the provider has not done
 * (the recovery pass keeps trying both).
 */
export async function listPendingPayments(db: RecoveryDeps["db"]) {
  const attempts = await db.kysely
    .selectFrom("payment_attempts as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .leftJoin("orders as o", (join) => join.onRef("o.user_id", "=", "a.user_id").onRef("o.idempotency_key", "=", "a.idempotency_key"))
    .select(["a.id", "a.method", "a.amount_pence", "a.gateway_reference", "a.created_at", "u.email", "o.code as order_code"])
    .where("a.status", "=", "processing")
    .orderBy("a.id")
    .execute();
  const orders = await db.kysely
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.code", "o.status", "o.total_pence", "o.created_at", "u.email"])
    .where("o.status", "=", "pending")
    .where("o.payment_status", "=", "authorised")
    .orderBy("o.id")
    .execute();
  const payments = db.kysely
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.code", "p.status", "p.amount_pence", "p.created_at", "p.expires_at", "o.updated_at", "u.email"])
    .orderBy("p.id");
  const checkouts = await payments.where("p.status", "=", "open").where("o.status", "!=", "cancelled").execute();
  const refunds = await payments.where("o.status", "=", "cancelled").where("p.status", "in", UNRETURNED_PAYMENT_STATUSES).execute();
  const pendingRefunds = await db.kysely
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("returns as rt", "rt.id", "r.return_id")
    .select(["o.code", "rt.code as return_code", "r.amount_pence", "r.created_at", "r.last_error", "u.email"])
    .where("r.status", "=", "pending")
    .orderBy("r.id")
    .execute();
  return { attempts, orders, checkouts, refunds, pendingRefunds };
}
