import type { Insertable, Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import { badRequest, notFound } from "#api/core/errors.ts";
import { readableCode } from "#api/core/readable-code.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { Database, Order, ReturnsTable } from "#api/db/schema.ts";
import { lockOrder } from "#api/orders/order-lock.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import { EXCHANGE_PAYMENT_HOURS } from "#contract/constants.ts";
import type { ReturnDto, ReturnOptionsDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { RETURNABLE_ORDER_STATUSES, returnWindowEndsAt, withinReturnWindow } from "#contract/returns.ts";
import type { ReturnRequest } from "#contract/schemas/returns.ts";
import { findReturn, paidShare, type ReturnRow, returnById, shopperReturnDto, unitPaidPence } from "./return-records.ts";
import { holdExchangeUnits } from "./return-stock.ts";
import { deliveredAtOf, unitsInReturns } from "./returnable.ts";
import { enqueueReturnMail } from "./returns-mail.ts";

/**
 * The shopper's returns (decision 0059): what an order offers, registering a return, and reading one. Another
 * shopper's order or return is answered as missing.
 */

/** A return's code, such as RT-7K3F-9Q2A: printed on the label, named in e-mails and paths. */
const newReturnCode = (): string => readableCode("RT");

/** Why the order cannot be returned now (not delivered, or past the window after its delivery), or null. */
function closedReason(order: Pick<Order, "status">, deliveredAt: string | null, now: Date): string | null {
  if (!(RETURNABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status) || deliveredAt === null)
    return MSG.returns.notDelivered;
  return withinReturnWindow(deliveredAt, now) ? null : MSG.returns.windowClosed;
}

/** The order's lines with whether each is final sale and how many units are still free to return. */
async function orderLines(db: Kysely<Database>, orderId: number) {
  const [items, inReturns] = await Promise.all([
    db
      .selectFrom("order_items as oi")
      .innerJoin("products as p", "p.id", "oi.product_id")
      .selectAll("oi")
      .select("p.final_sale")
      .where("oi.order_id", "=", orderId)
      .orderBy("oi.id")
      .execute(),
    unitsInReturns(db, orderId),
  ]);
  return items.map((item) => ({ ...item, returnable: item.quantity - (inReturns.get(item.id) ?? 0) }));
}
type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

/** The other variants of each line's product: what it may be exchanged for (a dearer one pays the difference). */
async function exchangeOptions(db: Kysely<Database>, lines: readonly OrderLine[]) {
  const productIds = [...new Set(lines.map((line) => line.product_id))];
  const variants =
    productIds.length === 0
      ? []
      : await db
          .selectFrom("product_variants")
          .select(["id", "product_id", "color_name", "size", "stock", "extra_price_pence"])
          .where("product_id", "in", productIds)
          .orderBy("id")
          .execute();
  return (line: OrderLine) => variants.filter((variant) => variant.product_id === line.product_id && variant.id !== line.variant_id);
}

const variantName = (variant: { color_name: string; size: string }) => `${variant.color_name} / ${variant.size}`;

/**
 * What one unit's exchange for `variant` costs (positive) or gives back (negative), as paid: the variants' price
 * difference with the order's discount shared over it, as a cheaper exchange's refund is (return-records.ts).
 */
function unitDifferencePence(order: Order, line: Pick<OrderLine, "extra_price_pence">, variant: { extra_price_pence: number }): number {
  const difference = variant.extra_price_pence - line.extra_price_pence;
  return Math.sign(difference) * paidShare(order, Math.abs(difference));
}

async function ownOrder(db: Kysely<Database>, userId: number, orderId: number): Promise<Order> {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) throw notFound(MSG.orders.notFound);
  return order;
}

/** What the return form offers for one of the shopper's orders: whether it is open, and each item's units and exchanges. */
export async function returnOptions(db: Db, clock: Clock, userId: number, orderId: number): Promise<ReturnOptionsDto> {
  const order = await ownOrder(db.kysely, userId, orderId);
  const [deliveredAt, lines] = await Promise.all([deliveredAtOf(db.kysely, order.id), orderLines(db.kysely, order.id)]);
  const optionsOf = await exchangeOptions(db.kysely, lines);
  const closed = closedReason(order, deliveredAt, clock.now());
  const somethingReturnable = lines.some((line) => !line.final_sale && line.returnable > 0);
  return {
    order_id: order.id,
    order_code: order.code,
    delivered_at: deliveredAt,
    window_ends_at: deliveredAt ? returnWindowEndsAt(deliveredAt) : null,
    open: closed === null && somethingReturnable,
    closed_reason: closed ?? (somethingReturnable ? null : MSG.returns.nothingReturnable),
    items: lines.map((line) => ({
      order_item_id: line.id,
      product_id: line.product_id,
      product_name: line.product_name,
      product_image: line.product_image,
      variant_name: line.variant_name,
      unit_paid: toGbp(unitPaidPence(order, line)),
      quantity: line.quantity,
      returnable_quantity: line.returnable,
      final_sale: Boolean(line.final_sale),
      exchange_options: optionsOf(line).map((variant) => ({
        variant_id: variant.id,
        name: variantName(variant),
        in_stock: variant.stock > 0,
        price_difference: toGbp(unitDifferencePence(order, line, variant)),
      })),
    })),
  };
}

/**
 * Registers a return of the shopper's delivered order, within the window: each item's units no more than are still
 * free (rejected returns free theirs), never a final-sale product, an exchange only for another variant of the same
 * product, its units held from stock at once. Checked and written under the order's lock, so two requests at once
 * cannot return one unit twice. Mails the shopper the label's link, or, when dearer exchanges owe a price
 * difference, fixes it and the time to pay it (EXCHANGE_PAYMENT_HOURS); the label follows its payment.
 */
export async function registerReturn(db: Db, clock: Clock, userId: number, orderId: number, input: ReturnRequest): Promise<ReturnDto> {
  return transactionWithRetry(db, async (trx) => {
    const order = await lockOrder(trx, db.dialect, { id: orderId });
    if (!order || order.user_id !== userId) throw notFound(MSG.orders.notFound);
    const closed = closedReason(order, await deliveredAtOf(trx, order.id), clock.now());
    if (closed) throw badRequest(closed);
    const lines = await orderLines(trx, order.id);
    const optionsOf = await exchangeOptions(trx, lines);
    const chosen = input.items.map((item) => {
      const line = lines.find((candidate) => candidate.id === item.order_item_id);
      if (!line) throw badRequest(MSG.returns.itemNotOnOrder);
      if (line.final_sale) throw badRequest(MSG.returns.finalSaleRefused(line.product_name));
      if (line.returnable <= 0) throw badRequest(MSG.returns.alreadyReturned(line.product_name));
      if (item.quantity > line.returnable) throw badRequest(MSG.returns.tooMany(line.product_name, line.returnable));
      if (item.resolution === "refund") return { line, item, exchange: null };
      const exchange = optionsOf(line).find((variant) => variant.id === item.exchange_variant_id);
      if (!exchange) throw badRequest(MSG.returns.exchangeVariantInvalid);
      return { line, item, exchange };
    });
    const differencePence = chosen.reduce(
      (sum, { line, item, exchange }) => sum + (exchange ? Math.max(0, unitDifferencePence(order, line, exchange)) * item.quantity : 0),
      0,
    );
    const ret = await writeReturn(
      trx,
      clock,
      {
        order_id: order.id,
        kind: "return",
        reason: input.reason,
        state: "requested",
        goods_back: 1,
        difference_due_pence: differencePence,
        payment_due_by: differencePence > 0 ? new Date(clock.now().getTime() + EXCHANGE_PAYMENT_HOURS * 3_600_000).toISOString() : null,
      },
      chosen.map(({ line, item, exchange }) => ({
        orderItemId: line.id,
        productId: line.product_id,
        quantity: item.quantity,
        exchange: exchange && {
          variantId: exchange.id,
          name: variantName(exchange),
          refusal: MSG.returns.exchangeOutOfStock(variantName(exchange)),
        },
      })),
    );
    if (differencePence === 0) await enqueueReturnMail(trx, clock, ret.id, "registered");
    return shopperReturnDto(trx, await returnById(trx, ret.id));
  });
}

/** An item of a return or claim being written: refunded, or (`exchange`) sent again as that variant, held from stock now. */
export interface NewReturnItem {
  orderItemId: number;
  productId: number;
  quantity: number;
  exchange: { variantId: number; name: string; refusal: string } | null;
}

/**
 * Writes a return or a claim, under a new code, with its items, and holds its exchanges' units (holdExchangeUnits),
 * in the caller's transaction, which holds the order's lock and has checked every rule.
 */
export async function writeReturn(
  trx: Kysely<Database>,
  clock: Clock,
  ret: Pick<
    Insertable<ReturnsTable>,
    | "order_id"
    | "kind"
    | "reason"
    | "state"
    | "goods_back"
    | "note"
    | "created_by"
    | "received_at"
    | "difference_due_pence"
    | "payment_due_by"
  >,
  items: readonly NewReturnItem[],
): Promise<{ id: number; code: string }> {
  const now = isoNow(clock);
  const written = await trx
    .insertInto("returns")
    .values({ ...ret, code: newReturnCode(), created_at: now, updated_at: now })
    .returning(["id", "code"])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("return_items")
    .values(
      items.map((item) => ({
        return_id: written.id,
        order_item_id: item.orderItemId,
        quantity: item.quantity,
        resolution: item.exchange ? ("exchange" as const) : ("refund" as const),
        exchange_variant_id: item.exchange?.variantId ?? null,
        exchange_variant_name: item.exchange?.name ?? null,
      })),
    )
    .execute();
  await holdExchangeUnits(
    trx,
    items.flatMap((item) =>
      item.exchange
        ? [{ variantId: item.exchange.variantId, productId: item.productId, quantity: item.quantity, refusal: item.exchange.refusal }]
        : [],
    ),
  );
  return written;
}

/** One of the shopper's returns or claims by its code; anyone else's is not found. */
export async function ownReturn(db: Queryable, userId: number, code: string): Promise<ReturnRow> {
  const ret = await findReturn(db, code);
  const order = ret && (await db.selectFrom("orders").select("user_id").where("id", "=", ret.order_id).executeTakeFirst());
  if (!ret || order?.user_id !== userId) throw notFound(MSG.returns.notFound);
  return ret;
}
