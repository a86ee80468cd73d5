import { sql, type Transaction } from "kysely";
import { literalLike } from "#api/admin/admin-orders.service.ts";
import { type AuditActor, recordAudit } from "#api/admin/audit.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { badRequest, conflict, notFound } from "#api/core/errors.ts";
import type { Db } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { Database, Order } from "#api/db/schema.ts";
import { lockOrder } from "#api/orders/order-lock.ts";
import type { Shipment } from "#api/orders/orders.service.ts";
import type { PaymentGateway } from "#api/payments/gateway.ts";
import { recordRefund, sendRefund } from "#api/payments/refunds.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import type { AdminReturnDto, AdminReturnSummaryDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { CLAIMABLE_ORDER_STATUSES, RETURN_STATE_NAMES, reasonName } from "#contract/returns.ts";
import type { AdminReturnListQuery, ClaimRequest } from "#contract/schemas/returns.ts";
import { markDifferenceForReturn, returnDifferenceMoney } from "./exchange-payments.ts";
import { returnShipped } from "./return-progress.ts";
import {
  adminReturnDto,
  differenceSettled,
  differenceStatusOf,
  findReturn,
  type ReturnRow,
  refundStanding,
  returnById,
  returnLines,
} from "./return-records.ts";
import { releaseExchangeUnits, restockReturnItems } from "./return-stock.ts";
import { unitsInReturns } from "./returnable.ts";
import { writeReturn } from "./returns.service.ts";
import { enqueueReturnMail } from "./returns-mail.ts";

/**
 * The operator's side of returns and claims (decision 0059), shared by the back office and the CLI: the list, one
 * return, and its steps (receive, refund, ship, reject), and opening a claim. Every step runs under the order's
 * lock (lockOrder), checks the return's state again there, and writes its audit entry and its e-mail in the same
 * transaction. A step the return's state does not allow is 409 MSG.adminReturns.wrongState.
 */

/** The returns and claims list: newest first, by state, kind and a search of the return's or order's code or the e-mail. */
export async function listReturns(db: Db, filter: AdminReturnListQuery): Promise<{ returns: AdminReturnSummaryDto[]; total: number }> {
  let query = db.kysely
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("users as u", "u.id", "o.user_id");
  if (filter.state) query = query.where("r.state", "=", filter.state);
  if (filter.kind) query = query.where("r.kind", "=", filter.kind);
  if (filter.q) {
    const code = `%${literalLike(filter.q.toUpperCase())}%`;
    const email = `%${literalLike(filter.q.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(r.code LIKE ${code} ESCAPE '\\' OR o.code LIKE ${code} ESCAPE '\\' OR u.email LIKE ${email} ESCAPE '\\')`,
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await query
    .select((eb) => [
      "r.code",
      "r.kind",
      "r.state",
      "r.reason",
      "r.created_at",
      "o.code as order_code",
      "u.email",
      eb
        .selectFrom("return_items")
        .select((items) => items.fn.sum<number>("quantity").as("units"))
        .whereRef("return_id", "=", "r.id")
        .as("units"),
      eb
        .selectFrom("refunds")
        .select((refunds) => refunds.fn.sum<number>("amount_pence").as("pence"))
        .whereRef("return_id", "=", "r.id")
        .where("status", "=", "succeeded")
        .as("refunded"),
    ])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  const returns = rows.map((row) => ({
    code: row.code,
    kind: row.kind,
    state: row.state,
    reason_name: reasonName(row.reason),
    order_code: row.order_code,
    customer_email: row.email,
    created_at: row.created_at,
    items: Number(row.units ?? 0),
    refunded: toGbp(Number(row.refunded ?? 0)),
  }));
  return { returns, total: Number(total) };
}

/** One return or claim as the back office shows it. */
export async function adminReturnDetail(db: Db, code: string): Promise<AdminReturnDto> {
  const ret = await findReturn(db.kysely, code);
  if (!ret) throw notFound(MSG.adminReturns.notFound);
  return adminReturnDto(db.kysely, ret);
}

type Step<T = void> = (trx: Transaction<Database>, ret: ReturnRow, order: Order) => Promise<T>;

/** Runs `step` on the return `code` in one transaction, under its order's lock, the return read again under it. */
async function onLockedReturn<T>(db: Db, code: string, step: Step<T>): Promise<T> {
  return transactionWithRetry(db, async (trx) => {
    const found = await findReturn(trx, code);
    if (!found) throw notFound(MSG.adminReturns.notFound);
    const order = (await lockOrder(trx, db.dialect, { id: found.order_id })) as Order;
    return step(trx, await returnById(trx, found.id), order);
  });
}

const wrongState = (ret: ReturnRow) => conflict(MSG.adminReturns.wrongState(RETURN_STATE_NAMES[ret.state]));

const audit = (trx: Transaction<Database>, clock: Clock, actor: AuditActor, ret: ReturnRow, action: string, after: object) =>
  recordAudit(trx, clock, actor, { action, subject: `return:${ret.code}`, before: { state: ret.state }, after });

/**
 * The goods are in: the return is `received`; the items named in `restockIds` (return item ids, each of this return)
 * go back to stock in the same transaction, the others are kept out of it.
 */
export async function receiveReturn(db: Db, clock: Clock, actor: AuditActor, code: string, restockIds: readonly number[]) {
  const receive: Step = async (trx, ret) => {
    if (ret.state !== "requested") throw wrongState(ret);
    const items = new Set((await returnLines(trx, ret.id)).map((line) => line.id));
    if (restockIds.some((id) => !items.has(id))) throw badRequest(MSG.adminReturns.restockNotOnReturn);
    await restockReturnItems(trx, ret.id, new Set(restockIds));
    const now = isoNow(clock);
    await trx.updateTable("returns").set({ state: "received", received_at: now, updated_at: now }).where("id", "=", ret.id).execute();
    await audit(trx, clock, actor, ret, "return.receive", { state: "received", restocked: [...restockIds] });
    await enqueueReturnMail(trx, clock, ret.id, "received");
  };
  await onLockedReturn(db, code, receive);
  return adminReturnDetail(db, code);
}

/**
 * Refunds `amountPence` on a received return (once per return), through the provider: decided under the order's
 * lock, never more than is left of the captured payment (refunds.ts), then asked of the provider after the commit.
 * `refundFailure`: the provider failed; the refund stays pending and the recovery pass asks again.
 */
export async function refundReturn(
  db: Db,
  clock: Clock,
  gateway: PaymentGateway,
  actor: AuditActor,
  code: string,
  amountPence: number,
): Promise<{ ret: AdminReturnDto; refundFailure?: unknown }> {
  const refundId = await onLockedReturn(db, code, async (trx, ret, order) => {
    if (ret.state !== "received" || !(await refundStanding(trx, ret, order, await returnLines(trx, ret.id))).open) throw wrongState(ret);
    const id = await recordRefund(trx, clock, { orderId: order.id, returnId: ret.id, amountPence, actorUserId: actor.id });
    await audit(trx, clock, actor, ret, "return.refund", { refund: id, amount_pence: amountPence });
    return id;
  });
  const { failure } = await sendRefund(db, clock, gateway, refundId);
  const ret = await adminReturnDetail(db, code);
  return failure === undefined ? { ret } : { ret, refundFailure: failure };
}

/** Sends a received return's exchange (or a claim's replacement) with its carrier and tracking number. */
export async function shipReturn(db: Db, clock: Clock, actor: AuditActor, code: string, shipment: Shipment) {
  const ship: Step = async (trx, ret) => {
    if (ret.state !== "received" || ret.shipped_at !== null) throw wrongState(ret);
    if (!(await returnLines(trx, ret.id)).some((line) => line.resolution === "exchange")) throw conflict(MSG.adminReturns.nothingToShip);
    if (!differenceSettled(await differenceStatusOf(trx, ret))) throw conflict(MSG.adminReturns.differenceUnpaid);
    const now = isoNow(clock);
    const sent = { carrier: shipment.carrier, tracking_number: shipment.trackingNumber, shipped_at: now };
    await trx
      .updateTable("returns")
      .set({ ...sent, updated_at: now })
      .where("id", "=", ret.id)
      .execute();
    await audit(trx, clock, actor, ret, "return.ship", sent);
    await returnShipped(trx, clock, ret.id);
  };
  await onLockedReturn(db, code, ship);
  return adminReturnDetail(db, code);
}

/**
 * Refuses a return (requested, or received before any refund or shipment), with the reason mailed; held exchange
 * units go back, and a price difference paid goes back too (an authorisation or open checkout is released).
 */
export async function rejectReturn(
  deps: Pick<ApiDeps, "db" | "clock" | "logger" | "gateway">,
  actor: AuditActor,
  code: string,
  reason: string,
) {
  const { db, clock } = deps;
  const returnId = await onLockedReturn(db, code, async (trx, ret) => {
    const refunds = await trx.selectFrom("refunds").select("id").where("return_id", "=", ret.id).executeTakeFirst();
    const open = ret.state === "requested" || (ret.state === "received" && ret.shipped_at === null && !refunds);
    if (!open) throw wrongState(ret);
    await rejectLocked(trx, clock, actor, ret, reason);
    return ret.id;
  });
  // The rejection stands once committed; money not given back yet stays `refunding` for the recovery pass.
  await returnDifferenceMoney(deps, returnId).catch((error: unknown) => {
    deps.logger.error({ err: error, returnId }, "giving back a rejected return's price difference failed; the recovery pass retries");
  });
  return adminReturnDetail(db, code);
}

async function rejectLocked(trx: Transaction<Database>, clock: Clock, actor: AuditActor, ret: ReturnRow, reason: string) {
  const now = isoNow(clock);
  await trx
    .updateTable("returns")
    .set({ state: "rejected", rejection_reason: reason, closed_at: now, updated_at: now })
    .where("id", "=", ret.id)
    .execute();
  await releaseExchangeUnits(trx, ret.id);
  await markDifferenceForReturn(trx, clock, ret.id);
  await audit(trx, clock, actor, ret, "return.reject", { state: "rejected", reason });
  await enqueueReturnMail(trx, clock, ret.id, "rejected");
}

/** Who the recovery pass acts as in the audit log. */
const RECOVERY_ACTOR: AuditActor = { id: null, email: "recovery pass" };

/**
 * The recovery pass's release of a return whose price difference was not paid in time: rejected with the reason
 * mailed and its held units given back, if (checked again under the lock) it is still requested, owes the
 * difference and is past its time. Answers whether it was released.
 */
export async function releaseUnpaidReturn(db: Db, clock: Clock, code: string): Promise<boolean> {
  return onLockedReturn(db, code, async (trx, ret) => {
    const overdue = ret.payment_due_by !== null && ret.payment_due_by < isoNow(clock);
    if (ret.state !== "requested" || !overdue || (await differenceStatusOf(trx, ret)) !== "due") return false;
    await rejectLocked(trx, clock, RECOVERY_ACTOR, ret, MSG.returns.differenceUnpaidRejection);
    return true;
  });
}

/**
 * Opens a claim on a shipped or delivered order (no window, final sale or not): its items refunded, or replaced by
 * the same variant (held from stock now). Without the goods back it is `received` at once; with them it waits for
 * them like a return, and the shopper is mailed a label.
 */
export async function openClaim(db: Db, clock: Clock, actor: AuditActor, orderCode: string, input: ClaimRequest): Promise<AdminReturnDto> {
  const code = await transactionWithRetry(db, async (trx) => {
    const order = await lockOrder(trx, db.dialect, { code: orderCode });
    if (!order) throw notFound(MSG.admin.orders.notFound);
    if (!(CLAIMABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) throw conflict(MSG.adminReturns.claimNotShipped);
    const [lines, inReturns] = await Promise.all([
      trx.selectFrom("order_items").selectAll().where("order_id", "=", order.id).execute(),
      unitsInReturns(trx, order.id),
    ]);
    const chosen = input.items.map((item) => {
      const line = lines.find((candidate) => candidate.id === item.order_item_id);
      if (!line) throw badRequest(MSG.returns.itemNotOnOrder);
      const left = line.quantity - (inReturns.get(line.id) ?? 0);
      if (left <= 0) throw badRequest(MSG.returns.alreadyReturned(line.product_name));
      if (item.quantity > left) throw badRequest(MSG.returns.tooMany(line.product_name, left));
      if (input.outcome === "replacement" && line.variant_id === null) {
        throw badRequest(MSG.adminReturns.replacementOutOfStock(`${line.product_name} (${line.variant_name})`));
      }
      return { line, quantity: item.quantity };
    });
    const now = isoNow(clock);
    const ret = await writeReturn(
      trx,
      clock,
      {
        order_id: order.id,
        kind: "claim",
        reason: input.reason,
        state: input.goods_back ? "requested" : "received",
        goods_back: input.goods_back ? 1 : 0,
        note: input.note ?? null,
        created_by: actor.id,
        received_at: input.goods_back ? null : now,
      },
      chosen.map(({ line, quantity }) => ({
        orderItemId: line.id,
        productId: line.product_id,
        quantity,
        exchange:
          input.outcome === "replacement"
            ? {
                variantId: line.variant_id as number,
                name: line.variant_name,
                refusal: MSG.adminReturns.replacementOutOfStock(`${line.product_name} (${line.variant_name})`),
              }
            : null,
      })),
    );
    await recordAudit(trx, clock, actor, {
      action: "claim.open",
      subject: `return:${ret.code}`,
      before: null,
      after: { order: order.code, reason: input.reason, outcome: input.outcome, goods_back: input.goods_back },
    });
    if (input.goods_back) await enqueueReturnMail(trx, clock, ret.id, "registered");
    return ret.code;
  });
  return adminReturnDetail(db, code);
}
