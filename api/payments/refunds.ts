import type { Transaction } from "kysely";
import type { Logger } from "pino";
import { type Clock, isoNow } from "#api/core/clock.ts";
import { conflict, validationError } from "#api/core/errors.ts";
import type { Db } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { Database } from "#api/db/schema.ts";
import { lockOrder } from "#api/orders/order-lock.ts";
import { returnRefundSettled } from "#api/returns/return-progress.ts";
import { MSG } from "#contract/messages.ts";
import { formatGbp } from "#contract/money.ts";
import type { PaymentGateway } from "./gateway.ts";
import { orderMoney } from "./order-money.ts";
import { partialRefundKey } from "./refund-keys.ts";

/**
 * Money given back on an order after it was taken, any amount up to what was captured minus every refund decided
 * before (decision 0059). A refund is decided under the order's lock and written `pending` before the provider is
 * asked, so two operators at once cannot both take the last pounds; the provider is asked after the commit, under
 * a key made of the refund's own id, so asking again (the recovery pass, once the provider is back) never pays twice;
 * a second transaction then marks it done, once.
 */

/** How long a pending refund waits before the recovery pass asks the provider again: its own request has had its go. */
export const PENDING_REFUND_RETRY_AGE_MS = 60_000;
/** What of a provider's error a pending refund keeps for the operator. */
const LAST_ERROR_MAX = 500;

/**
 * Decides a refund in the caller's transaction, which holds the order's lock (lockOrder): refused when no payment
 * was captured, when nothing is left, or when `amountPence` is more than what is left; otherwise written `pending`.
 * Answers its id, for sendRefund after the commit.
 */
export async function recordRefund(
  trx: Transaction<Database>,
  clock: Clock,
  refund: { orderId: number; returnId: number; amountPence: number; actorUserId: number | null },
): Promise<number> {
  const money = await orderMoney(trx, refund.orderId);
  if (!money) throw conflict(MSG.adminReturns.notPaid);
  if (money.refundablePence <= 0) throw conflict(MSG.adminReturns.nothingToRefund);
  if (refund.amountPence > money.refundablePence) {
    const message = MSG.adminReturns.refundTooMuch(formatGbp(money.refundablePence));
    throw validationError(message, [{ path: "amount", message }]);
  }
  const row = await trx
    .insertInto("refunds")
    .values({
      order_id: refund.orderId,
      payment_id: money.paymentId,
      return_id: refund.returnId,
      amount_pence: refund.amountPence,
      status: "pending",
      actor_user_id: refund.actorUserId,
      created_at: isoNow(clock),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Asks the provider for a pending refund (under its own key) and, once it has done it, settles it. A provider that
 * fails leaves the refund pending with its error, and answers the error as `failure` (never thrown): the recovery
 * pass asks again. A refund already settled is left alone.
 */
export async function sendRefund(db: Db, clock: Clock, gateway: PaymentGateway, refundId: number): Promise<{ failure?: unknown }> {
  const refund = await db.kysely
    .selectFrom("refunds as r")
    .innerJoin("payments as p", "p.id", "r.payment_id")
    .select(["r.id", "r.amount_pence", "r.status", "p.reference"])
    .where("r.id", "=", refundId)
    .executeTakeFirstOrThrow();
  if (refund.status === "succeeded") return {};
  try {
    await gateway.refund(refund.reference, refund.amount_pence, partialRefundKey(refund.reference, refund.id));
  } catch (error) {
    const failure = error ?? new Error("the payment provider failed");
    await db.kysely
      .updateTable("refunds")
      .set({ last_error: String(failure instanceof Error ? failure.message : failure).slice(0, LAST_ERROR_MAX) })
      .where("id", "=", refundId)
      .where("status", "=", "pending")
      .execute();
    return { failure };
  }
  await settleRefund(db, clock, refundId);
  return {};
}

/**
 * Marks a refund the provider has done as succeeded, once (a conditional update: of two callers one settles it),
 * under the order's lock: when the refunds reach the captured amount the payment and the order read `refunded`
 * (a partial refund keeps `paid`); the return it belongs to moves on, with its e-mail.
 */
async function settleRefund(db: Db, clock: Clock, refundId: number): Promise<void> {
  await transactionWithRetry(db, async (trx) => {
    const refund = await trx
      .selectFrom("refunds")
      .select(["order_id", "payment_id", "return_id"])
      .where("id", "=", refundId)
      .executeTakeFirstOrThrow();
    await lockOrder(trx, db.dialect, { id: refund.order_id });
    const settled = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", settled_at: isoNow(clock), last_error: null })
      .where("id", "=", refundId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) === 0) return;
    const payment = await trx.selectFrom("payments").select("amount_pence").where("id", "=", refund.payment_id).executeTakeFirstOrThrow();
    const { done } = await trx
      .selectFrom("refunds")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("done"))
      .where("payment_id", "=", refund.payment_id)
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    if (Number(done) >= payment.amount_pence) {
      await trx.updateTable("payments").set({ status: "refunded" }).where("id", "=", refund.payment_id).execute();
      await trx.updateTable("orders").set({ payment_status: "refunded" }).where("id", "=", refund.order_id).execute();
    }
    if (refund.return_id !== null) await returnRefundSettled(trx, clock, refund.return_id);
  });
}

/** A pending refund the recovery pass asked the provider for again, and what became of it. */
export interface RetriedRefund {
  orderCode: string;
  returnCode: string | null;
  amountPence: number;
  outcome: "refunded" | "failed";
}

/**
 * The recovery pass's part: every refund still pending PENDING_REFUND_RETRY_AGE_MS after it was decided (the
 * provider failed, or the process stopped before asking it) is sent again under its own key, so the provider pays
 * it once however often it is asked.
 */
export async function retryPendingRefunds(db: Db, clock: Clock, gateway: PaymentGateway, logger: Logger): Promise<RetriedRefund[]> {
  const decidedBefore = new Date(clock.now().getTime() - PENDING_REFUND_RETRY_AGE_MS).toISOString();
  const pending = await db.kysely
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .leftJoin("returns as rt", "rt.id", "r.return_id")
    .select(["r.id", "r.amount_pence", "o.code as order_code", "rt.code as return_code"])
    .where("r.status", "=", "pending")
    .where("r.created_at", "<", decidedBefore)
    .orderBy("r.id")
    .execute();
  const retried: RetriedRefund[] = [];
  for (const refund of pending) {
    // Whatever fails (the provider, or the database settling it) leaves this refund pending for the next pass.
    const failure = await sendRefund(db, clock, gateway, refund.id).then(
      (sent) => sent.failure,
      (error: unknown) => error ?? new Error("settling the refund failed"),
    );
    const retry: RetriedRefund = {
      orderCode: refund.order_code,
      returnCode: refund.return_code,
      amountPence: refund.amount_pence,
      outcome: failure === undefined ? "refunded" : "failed",
    };
    if (failure === undefined) logger.warn(retry, "completed a refund the provider had not done");
    else logger.error({ ...retry, err: failure }, "a pending refund failed again; the next pass tries again");
    retried.push(retry);
  }
  return retried;
}
