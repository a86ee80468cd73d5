import type { ApiDeps } from "#api/core/env.ts";
import { OPEN_CHECKOUT_CHECK_MS } from "#api/payments/hosted-checkout.service.ts";
import { PENDING_REFUND_RETRY_AGE_MS } from "#api/payments/refunds.ts";
import { captureDifference, refundDifference, settleDifferenceCheckout } from "./exchange-payments.ts";
import { releaseUnpaidReturn } from "./return-operations.ts";

type RecoveryDeps = Pick<ApiDeps, "db" | "clock" | "gateway" | "logger"> & Partial<Pick<ApiDeps, "outbox">>;

/** What the recovery pass did with one exchange's price difference. */
export interface SettledDifference {
  returnCode: string;
  outcome: "captured" | "capture_failed" | "confirmed" | "released" | "refunded" | "refund_failed" | "expired" | "unpaid_released";
}

/**
 * The recovery pass's part for price differences (exchange-payments.ts), each step asked again under the same key,
 * so never paid or refunded twice: authorisations a minute old captured and settled; checkouts open past
 * OPEN_CHECKOUT_CHECK_MS asked about (paid settled, expired closed, past their expiry closed at the provider);
 * refunds a minute old asked again; and returns still owing their difference past their time released, their
 * held units given back. A step that fails is logged and left for the next pass.
 */
export async function settleExchangePayments(deps: RecoveryDeps): Promise<SettledDifference[]> {
  const { db, clock, logger } = deps;
  const now = clock.now();
  const settledBefore = new Date(now.getTime() - PENDING_REFUND_RETRY_AGE_MS).toISOString();
  const openedBefore = new Date(now.getTime() - OPEN_CHECKOUT_CHECK_MS).toISOString();
  const due = await db.kysely
    .selectFrom("exchange_payments as p")
    .innerJoin("returns as r", "r.id", "p.return_id")
    .select(["p.id", "p.reference", "p.status", "p.expires_at", "r.code"])
    .where((eb) =>
      eb.or([
        eb.and([eb("p.status", "in", ["authorised", "refunding"]), eb("p.updated_at", "<", settledBefore)]),
        eb.and([eb("p.status", "=", "open"), eb.or([eb("p.created_at", "<", openedBefore), eb("p.expires_at", "<", now.toISOString())])]),
      ]),
    )
    .orderBy("p.id")
    .execute();
  const settled: SettledDifference[] = [];
  for (const payment of due) {
    try {
      const outcome = await settleOne(deps, payment, now);
      if (outcome) settled.push({ returnCode: payment.code, outcome });
    } catch (error) {
      logger.error({ err: error, returnCode: payment.code }, "settling an exchange's price difference failed; the next pass tries again");
    }
  }
  const overdue = await db.kysely
    .selectFrom("returns")
    .select("code")
    .where("state", "=", "requested")
    .where("payment_due_by", "<", now.toISOString())
    .where("difference_due_pence", ">", 0)
    .orderBy("id")
    .execute();
  for (const { code } of overdue) {
    try {
      if (await releaseUnpaidReturn(db, clock, code)) settled.push({ returnCode: code, outcome: "unpaid_released" });
    } catch (error) {
      logger.error({ err: error, returnCode: code }, "releasing a return whose price difference was not paid failed");
    }
  }
  for (const difference of settled) logger.warn(difference, "settled an exchange's price difference");
  if (settled.some((difference) => difference.outcome !== "refund_failed")) deps.outbox?.kick();
  return settled;
}

async function settleOne(
  deps: RecoveryDeps,
  payment: { id: number; reference: string; status: string; expires_at: string | null },
  now: Date,
): Promise<SettledDifference["outcome"] | null> {
  const { gateway } = deps;
  if (payment.status === "refunding") return (await refundDifference(deps, gateway, payment.id)) ? "refunded" : "refund_failed";
  if (payment.status === "authorised") {
    if (gateway.kind !== "card") return null;
    return (await captureDifference({ ...deps, gateway }, payment.reference)) ? "captured" : "capture_failed";
  }
  if (gateway.kind !== "hosted") return null;
  const outcome = await settleDifferenceCheckout({ ...deps, gateway }, payment.reference);
  if (outcome === "confirmed" || outcome === "refunded" || outcome === "released") return outcome;
  if (outcome !== "unpaid" || payment.expires_at === null || payment.expires_at >= now.toISOString()) return null;
  // Past its expiry and still open at the provider: closed there (refunded, should it be paid in between), then here.
  await gateway.voidAuthorisation(payment.reference, `expire-${payment.reference}`);
  await deps.db.kysely
    .updateTable("exchange_payments")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("id", "=", payment.id)
    .where("status", "=", "open")
    .execute();
  return "expired";
}
