import type { Kysely } from "kysely";
import { recordAudit } from "#api/admin/audit.ts";
import { putUnitsBack } from "#api/catalogue/stock-totals.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import type { PaymentGateway } from "#api/payments/gateway.ts";
import { refundKeyOf } from "#api/payments/refund-keys.ts";
import { givePromoUseBack } from "#api/promo/promo.service.ts";
import type { CarrierId } from "#contract/carriers.ts";
import { canChangeOrderStatus, type OrderStatus } from "#contract/checkout.ts";
import { recordOrderEvent } from "./order-events.ts";
import { enqueueOrderMail, isMailedStatus } from "./order-mail.ts";

export type StatusChange =
  /**
   * A cancellation also says what it did with the stock and the money: `restockedUnits` put back; `moneyBack`, what
   * the provider gave back (null: nothing was owed, or another caller recorded it); `refundFailure`, the provider's
   * error when it did not (the recovery pass tries again).
   */
  | { ok: true; from: OrderStatus; to: OrderStatus; restockedUnits?: number; moneyBack?: MoneyBack | null; refundFailure?: unknown }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "forbidden"; from: OrderStatus }
  | { ok: false; reason: "shipment_required" };

/** What an order ships with: the carrier and the tracking number it printed. */
export interface Shipment {
  carrier: CarrierId;
  trackingNumber: string;
}

export interface StatusChangeOptions {
  /** The operator making the change (the back office): written to the order's history and the audit log. */
  actor?: Pick<AuthUser, "id" | "email">;
  /** Required to move to `shipped`, and stored with it; ignored for any other status. */
  shipment?: Shipment;
}

/**
 * The one way an order's status changes (the back office and the command line both call it): along
 * ORDER_TRANSITIONS, `shipped` only with its shipment. One transaction writes the status, the order's history
 * event, the operator's audit entry and, when cancelling, the units back to stock (and off units_sold) and, for an
 * order never paid, its promo use back; after it
 * commits, a cancelled order's payment is refunded through the gateway. Should the gateway fail (or the process
 * stop) there, the order is cancelled all the same and the recovery pass returns the money later
 * (`returnCancelledOrdersMoney`). The shopper's e-mail about the new status (and the refund) is enqueued with the
 * change: the caller kicks the outbox after it, or its next pass sends it.
 */
export async function changeOrderStatus(
  db: Db,
  clock: Clock,
  gateway: PaymentGateway,
  code: string,
  to: OrderStatus,
  { actor, shipment }: StatusChangeOptions = {},
): Promise<StatusChange> {
  if (to === "shipped" && !shipment) return { ok: false, reason: "shipment_required" };
  const change = await db.kysely.transaction().execute(async (trx): Promise<StatusChange & { orderId?: number }> => {
    let query = trx.selectFrom("orders").select(["id", "status", "payment_status"]).where("code", "=", code);
    if (db.dialect === "postgres") query = query.forUpdate();
    const order = await query.executeTakeFirst();
    if (!order) return { ok: false, reason: "not_found" };
    if (!canChangeOrderStatus(order.status, to)) return { ok: false, reason: "forbidden", from: order.status };
    const now = isoNow(clock);
    const shipped =
      to === "shipped" && shipment ? { carrier: shipment.carrier, tracking_number: shipment.trackingNumber, shipped_at: now } : {};
    await trx
      .updateTable("orders")
      .set({ status: to, updated_at: now, ...shipped })
      .where("id", "=", order.id)
      .execute();
    await recordOrderEvent(trx, clock, { orderId: order.id, status: to, actorUserId: actor?.id ?? null });
    if (actor) {
      await recordAudit(trx, clock, actor, {
        action: "order.status",
        subject: `order:${code}`,
        before: { status: order.status },
        after: { status: to, ...shipped },
      });
    }
    let restockedUnits: number | undefined;
    if (to === "cancelled") {
      restockedUnits = await restock(trx, order.id);
      // Never paid (an open checkout, a card whose capture failed): the promo was not used for a purchase (0045).
      if (order.payment_status !== "paid") await givePromoUseBack(trx, order.id);
    }
    if (isMailedStatus(to)) await enqueueOrderMail(trx, clock, order.id, to);
    return { ok: true, from: order.status, to, restockedUnits, orderId: order.id };
  });
  const { orderId, ...result } = change;
  if (result.ok && to === "cancelled" && orderId !== undefined) {
    const returned = await returnOrderMoney(db, clock, gateway, orderId).then(
      (moneyBack) => ({ moneyBack }),
      (error: unknown) => ({ refundFailure: error ?? new Error("the payment provider failed") }),
    );
    return { ...result, ...returned };
  }
  return result;
}

/** Puts a cancelled order's units back in stock (and off units_sold); answers how many. */
export async function restock(trx: Kysely<Database>, orderId: number): Promise<number> {
  const items = await trx
    .selectFrom("order_items")
    .select(["product_id", "variant_id", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
  await putUnitsBack(
    trx,
    items.map((item) => ({ variantId: item.variant_id, productId: item.product_id, quantity: item.quantity, unsold: true })),
  );
  return items.reduce((units, item) => units + item.quantity, 0);
}

/** What went back to the shopper: a captured payment refunded, or an authorisation (or open checkout) released. */
export interface MoneyBack {
  status: "refunded" | "voided";
  pence: number;
}

/** Payments whose money a cancelled order still has to give back: taken (refund) or held (release). */
export const UNRETURNED_PAYMENT_STATUSES = ["captured", "authorised", "open"] as const;

/**
 * The money of a cancelled order goes back through its provider: a captured payment is refunded (and the shopper
 * told); money only held (a card's authorisation whose capture failed, or a hosted checkout still open) is
 * released. Each under a key of its own, so a retried cancellation never refunds twice; the payment row moves on
 * only once, so of two callers at once (the cancellation and the recovery pass) one records it and one e-mail
 * goes out. Answers what it recorded and how much (null: nothing to give back, or another caller recorded it); throws
 * when the provider does.
 */
export async function returnOrderMoney(db: Db, clock: Clock, gateway: PaymentGateway, orderId: number): Promise<MoneyBack | null> {
  const payment = await db.kysely
    .selectFrom("payments")
    .select(["id", "reference", "amount_pence", "status"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!payment) return null;
  let settled: { payment: string; order: MoneyBack["status"] };
  if (payment.status === "captured") {
    await gateway.refund(payment.reference, payment.amount_pence, refundKeyOf(payment.reference));
    settled = { payment: "refunded", order: "refunded" };
  } else if (payment.status === "authorised" || payment.status === "open") {
    await gateway.voidAuthorisation(payment.reference, `void-${payment.reference}`);
    settled = { payment: "voided", order: "voided" };
  } else {
    return null;
  }
  return db.kysely.transaction().execute(async (trx) => {
    // A refund moves on from `captured` only; a release from anything but money taken (a hosted checkout's expiry
    // may have settled its row meanwhile, and a payment confirmed meanwhile is the provider's to refund).
    const moved = await trx
      .updateTable("payments")
      .set({ status: settled.payment })
      .where("id", "=", payment.id)
      .where((eb) =>
        settled.order === "refunded" ? eb("status", "=", "captured") : eb("status", "not in", ["captured", "refunded", "voided"]),
      )
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return null;
    await trx.updateTable("orders").set({ payment_status: settled.order }).where("id", "=", orderId).execute();
    if (settled.order === "refunded") await enqueueOrderMail(trx, clock, orderId, "refunded");
    return { status: settled.order, pence: payment.amount_pence };
  });
}

/** The operator's view: newest orders first, optionally of one status. */
export function listOrders(db: Db, filter: { status?: OrderStatus; limit: number }) {
  let query = db.kysely
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select(["orders.code", "orders.created_at", "orders.status", "orders.payment_status", "orders.total_pence", "users.email"])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(filter.limit);
  if (filter.status) query = query.where("orders.status", "=", filter.status);
  return query.execute();
}
