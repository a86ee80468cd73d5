import type { Selectable } from "kysely";
import type { Queryable } from "#api/db/connect.ts";
import type { Order, ReturnsTable } from "#api/db/schema.ts";
import { shipmentOf } from "#api/orders/order-reads.ts";
import { orderMoney } from "#api/payments/order-money.ts";
import type { AdminReturnDto, ReturnDto } from "#contract/dto/returns.ts";
import { toGbp } from "#contract/money.ts";
import { DELIVERY_REFUNDED_REASONS, type DifferenceStatus, RETURN_STATE_NAMES, reasonName } from "#contract/returns.ts";

/** A return's or a claim's rows read into what the shopper and the operator are shown, and what it is owed. */

export type ReturnRow = Selectable<ReturnsTable>;
type ReturnStep = AdminReturnDto["next_steps"][number];
type OrderPrices = Pick<Order, "subtotal_pence" | "extras_pence" | "discount_pence">;

/** A return or claim by its code; undefined when there is none. */
export const findReturn = (db: Queryable, code: string): Promise<ReturnRow | undefined> =>
  db.selectFrom("returns").selectAll().where("code", "=", code).executeTakeFirst();

/** A return or claim the caller knows exists. */
export const returnById = (db: Queryable, id: number): Promise<ReturnRow> =>
  db.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A return's items, each with the order line it comes from and, for an exchange, the variant's price today. */
export function returnLines(db: Queryable, returnId: number) {
  return db
    .selectFrom("return_items as ri")
    .innerJoin("order_items as oi", "oi.id", "ri.order_item_id")
    .leftJoin("product_variants as ev", "ev.id", "ri.exchange_variant_id")
    .select([
      "ri.id",
      "ri.order_item_id",
      "ri.quantity",
      "ri.resolution",
      "ri.exchange_variant_id",
      "ri.exchange_variant_name",
      "ri.restocked",
      "oi.product_id",
      "oi.variant_id",
      "oi.product_name",
      "oi.product_image",
      "oi.variant_name",
      "oi.product_sku",
      "oi.unit_price_pence",
      "oi.extra_price_pence",
      "ev.extra_price_pence as exchange_extra_pence",
    ])
    .where("ri.return_id", "=", returnId)
    .orderBy("ri.id")
    .execute();
}
export type ReturnLine = Awaited<ReturnType<typeof returnLines>>[number];

/**
 * What the shopper paid for `pence` of the order's goods once its discount is shared over them (rounded down, so
 * the shares of every unit never add up to more than was paid). Delivery is never discounted.
 */
export function paidShare(order: OrderPrices, pence: number): number {
  const goods = order.subtotal_pence + order.extras_pence;
  return goods > 0 ? Math.floor((pence * (goods - order.discount_pence)) / goods) : 0;
}

export const unitPaidPence = (order: OrderPrices, line: { unit_price_pence: number; extra_price_pence: number }) =>
  paidShare(order, line.unit_price_pence + line.extra_price_pence);

/**
 * What a return is owed (decision 0059): what was paid for the units refunded, the price difference of an exchange
 * for a cheaper variant, and the order's delivery when the shop was at fault (DELIVERY_REFUNDED_REASONS) and
 * something is refunded, unless another return or claim of the order has had the delivery's refund already.
 */
async function refundDuePence(db: Queryable, ret: ReturnRow, order: Order, lines: ReturnLine[]): Promise<number> {
  let due = 0;
  for (const line of lines) {
    if (line.resolution === "refund") due += unitPaidPence(order, line) * line.quantity;
    else if (line.exchange_extra_pence !== null && line.exchange_extra_pence < line.extra_price_pence) {
      due += paidShare(order, line.extra_price_pence - line.exchange_extra_pence) * line.quantity;
    }
  }
  if (!lines.some((line) => line.resolution === "refund") || !DELIVERY_REFUNDED_REASONS.includes(ret.reason)) return due;
  const deliveryRefunded = await db
    .selectFrom("returns as r")
    .select("r.id")
    .where("r.order_id", "=", ret.order_id)
    .where("r.id", "<>", ret.id)
    .where("r.state", "<>", "rejected")
    .where("r.reason", "in", DELIVERY_REFUNDED_REASONS)
    .where((eb) => eb.exists(eb.selectFrom("refunds").select("refunds.id").whereRef("refunds.return_id", "=", "r.id")))
    .executeTakeFirst();
  return deliveryRefunded ? due : due + order.shipping_pence;
}

/** Where a return's money stands: what is owed, left on the order, done and pending, and whether its refund step is open. */
export async function refundStanding(db: Queryable, ret: ReturnRow, order: Order, lines: ReturnLine[]) {
  const [duePence, money, refunds] = await Promise.all([
    refundDuePence(db, ret, order, lines),
    orderMoney(db, order.id),
    db.selectFrom("refunds").select(["status", "amount_pence"]).where("return_id", "=", ret.id).execute(),
  ]);
  const refundablePence = money?.refundablePence ?? 0;
  const sum = (status: string) => refunds.filter((row) => row.status === status).reduce((total, row) => total + row.amount_pence, 0);
  /**
   * One refund per return: offered while something is due and none was decided (a pending one is the recovery
   * pass's to finish); deciding it says why when the order has nothing left to give (refunds.ts).
   */
  const open = refunds.length === 0 && duePence > 0;
  return {
    duePence,
    refundablePence,
    refundedPence: sum("succeeded"),
    pendingPence: sum("pending"),
    open,
    /** Still to be done before the return is settled: money due and left on the order, or a refund the provider has not done. */
    owed: (open && refundablePence > 0) || sum("pending") > 0,
  };
}

/**
 * Where a return's price difference stands (exchange-payments.ts); null when it owes none. Its payments are read
 * best first: one captured is `paid`, one given back `refunded`, one authorised `processing`; otherwise it is `due`,
 * or `released` once the return was rejected.
 */
export async function differenceStatusOf(db: Queryable, ret: ReturnRow): Promise<DifferenceStatus | null> {
  if (ret.difference_due_pence === 0) return null;
  const statuses = new Set(
    (await db.selectFrom("exchange_payments").select("status").where("return_id", "=", ret.id).execute()).map((row) => row.status),
  );
  if (statuses.has("captured")) return "paid";
  if (statuses.has("refunding") || statuses.has("refunded")) return "refunded";
  if (statuses.has("authorised")) return "processing";
  return ret.state === "rejected" ? "released" : "due";
}

/** Whether an exchange may be sent: nothing owed, or the difference paid. */
export const differenceSettled = (status: DifferenceStatus | null) => status === null || status === "paid";

/** The steps the operator may take now: receive or reject what was asked for; then refund, send, or reject before either. */
function nextSteps(
  ret: ReturnRow,
  lines: ReturnLine[],
  refund: { open: boolean; started: boolean },
  difference: DifferenceStatus | null,
): ReturnStep[] {
  if (ret.state === "requested") return ["receive", "reject"];
  if (ret.state !== "received") return [];
  const steps: ReturnStep[] = [];
  if (refund.open) steps.push("refund");
  if (lines.some((line) => line.resolution === "exchange") && ret.shipped_at === null && differenceSettled(difference)) steps.push("ship");
  if (!refund.started && ret.shipped_at === null) steps.push("reject");
  return steps;
}

async function orderOf(db: Queryable, orderId: number): Promise<Order> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

function toReturnDto(
  ret: ReturnRow,
  order: Order,
  lines: ReturnLine[],
  refundedPence: number,
  difference: DifferenceStatus | null,
): ReturnDto {
  return {
    code: ret.code,
    kind: ret.kind,
    reason: ret.reason,
    reason_name: reasonName(ret.reason),
    state: ret.state,
    state_name: RETURN_STATE_NAMES[ret.state],
    goods_back: Boolean(ret.goods_back),
    order_id: order.id,
    order_code: order.code,
    created_at: ret.created_at,
    received_at: ret.received_at,
    refunded_at: ret.refunded_at,
    shipped_at: ret.shipped_at,
    rejection_reason: ret.rejection_reason,
    items: lines.map((line) => ({
      id: line.id,
      order_item_id: line.order_item_id,
      product_id: line.product_id,
      product_name: line.product_name,
      product_image: line.product_image,
      variant_name: line.variant_name,
      product_sku: line.product_sku,
      quantity: line.quantity,
      resolution: line.resolution,
      exchange_variant_name: line.exchange_variant_name,
      unit_paid: toGbp(unitPaidPence(order, line)),
      restocked: line.restocked === null ? null : Boolean(line.restocked),
    })),
    refunded: toGbp(refundedPence),
    shipment: ret.shipped_at ? shipmentOf(ret) : null,
    difference: difference && {
      amount: toGbp(ret.difference_due_pence),
      status: difference,
      due_by: difference === "due" ? ret.payment_due_by : null,
    },
  };
}

/** Pence the provider has given back on a return so far. */
export async function refundedOnReturn(db: Queryable, returnId: number): Promise<number> {
  const { pence } = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("pence"))
    .where("return_id", "=", returnId)
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return Number(pence);
}

/** The return as its shopper sees it. */
export async function shopperReturnDto(db: Queryable, ret: ReturnRow): Promise<ReturnDto> {
  const [order, lines, refunded, difference] = await Promise.all([
    orderOf(db, ret.order_id),
    returnLines(db, ret.id),
    refundedOnReturn(db, ret.id),
    differenceStatusOf(db, ret),
  ]);
  return toReturnDto(ret, order, lines, refunded, difference);
}

/** The return as the back office and `return:show` show it: the customer, its money and the steps open. */
export async function adminReturnDto(db: Queryable, ret: ReturnRow): Promise<AdminReturnDto> {
  const [order, lines, difference, people] = await Promise.all([
    orderOf(db, ret.order_id),
    returnLines(db, ret.id),
    differenceStatusOf(db, ret),
    db
      .selectFrom("orders as o")
      .innerJoin("users as u", "u.id", "o.user_id")
      .leftJoin("users as op", (join) => join.on("op.id", "=", ret.created_by))
      .select(["u.name", "u.email", "op.email as operator_email"])
      .where("o.id", "=", ret.order_id)
      .executeTakeFirstOrThrow(),
  ]);
  const refund = await refundStanding(db, ret, order, lines);
  const started = refund.refundedPence + refund.pendingPence > 0;
  return {
    ...toReturnDto(ret, order, lines, refund.refundedPence, difference),
    customer: { name: people.name, email: people.email },
    note: ret.note,
    opened_by: people.operator_email,
    refund_due: toGbp(Math.min(refund.duePence, refund.refundablePence)),
    refundable: toGbp(refund.refundablePence),
    refund_pending: toGbp(refund.pendingPence),
    next_steps: nextSteps(ret, lines, { open: refund.open, started }, difference),
  };
}
