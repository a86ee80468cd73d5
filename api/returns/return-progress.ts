import type { Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Database } from "#api/db/schema.ts";
import type { ReturnState } from "#contract/returns.ts";
import { refundStanding, returnById, returnLines } from "./return-records.ts";
import { enqueueReturnMail } from "./returns-mail.ts";

/**
 * A received return moves on as its two steps are done: `refunded` when it exchanges nothing and its refund is done,
 * `exchanged` once its exchange (or replacement) has shipped and any refund it was owed is done. The shopper's
 * e-mail goes with each step (a claim's: once, when it is resolved).
 */
async function advance(trx: Kysely<Database>, clock: Clock, returnId: number, step: "refunded" | "shipped"): Promise<void> {
  const now = isoNow(clock);
  if (step === "refunded") {
    await trx.updateTable("returns").set({ refunded_at: now, updated_at: now }).where("id", "=", returnId).execute();
  }
  const ret = await returnById(trx, returnId);
  if (ret.state !== "received") return;
  const lines = await returnLines(trx, ret.id);
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", ret.order_id).executeTakeFirstOrThrow();
  const exchanges = lines.some((line) => line.resolution === "exchange");
  const refundOwed = ret.refunded_at === null && (await refundStanding(trx, ret, order, lines)).owed;
  const state: ReturnState = refundOwed ? "received" : !exchanges ? "refunded" : ret.shipped_at !== null ? "exchanged" : "received";
  if (state !== "received") {
    await trx.updateTable("returns").set({ state, closed_at: now, updated_at: now }).where("id", "=", ret.id).execute();
  }
  if (ret.kind === "claim") {
    if (state !== "received") await enqueueReturnMail(trx, clock, ret.id, "resolved");
  } else {
    await enqueueReturnMail(trx, clock, ret.id, step);
  }
}

/** The provider has done the return's refund (the refund's own transaction, under the order's lock). */
export const returnRefundSettled = (trx: Kysely<Database>, clock: Clock, returnId: number) => advance(trx, clock, returnId, "refunded");

/** The return's exchange or replacement has left, its shipment written by the caller in this transaction. */
export const returnShipped = (trx: Kysely<Database>, clock: Clock, returnId: number) => advance(trx, clock, returnId, "shipped");
