import type { Kysely } from "kysely";
import type { Db } from "#api/db/connect.ts";
import type { Database, Order, OrderItem } from "#api/db/schema.ts";
import { deliveredAtOf, refundedPence, unitsInReturns } from "#api/returns/returnable.ts";
import { CARRIERS, type CarrierId, trackingUrl } from "#contract/carriers.ts";
import { type OrderStatus, PAYMENT_METHOD_NAMES, type PaymentMethod, type PaymentStatus } from "#contract/checkout.ts";
import type { OrderDetailDto, OrderItemReviewDto, OrderSummaryDto } from "#contract/dto/order.ts";
import { toGbp } from "#contract/money.ts";
import { RETURN_STATE_NAMES, RETURNABLE_ORDER_STATUSES, returnWindowEndsAt } from "#contract/returns.ts";

/** A shopper's orders, newest first, one page of them with the total count. */
export async function listUserOrders(db: Db, userId: number, page: number, limit: number) {
  const { total } = await db.kysely
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const rows = await db.kysely
    .selectFrom("orders")
    .select((eb) => [
      "id",
      "code",
      "created_at",
      "status",
      "payment_status",
      "total_pence",
      // The first item's picture stands for the order.
      eb
        .selectFrom("order_items")
        .select("product_image")
        .whereRef("order_items.order_id", "=", "orders.id")
        .orderBy("order_items.id")
        .limit(1)
        .as("product_image"),
      // A hosted checkout waiting for payment: the end of its hold.
      eb
        .selectFrom("payments")
        .select("expires_at")
        .whereRef("payments.order_id", "=", "orders.id")
        .where("payments.status", "=", "open")
        .limit(1)
        .as("held_until"),
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const orders: OrderSummaryDto[] = rows.map((row) => ({
    id: row.id,
    code: row.code,
    created_at: row.created_at,
    status_name: row.status,
    payment_status: row.payment_status as PaymentStatus,
    total: toGbp(row.total_pence),
    product_image: row.product_image ?? null,
    held_until: row.status === "pending" ? (row.held_until ?? null) : null,
  }));
  return { orders, total: Number(total) };
}

/** One of the user's orders in full; undefined when the user has no such order (another user's included). */
export async function userOrderDetail(db: Kysely<Database>, userId: number, orderId: number): Promise<OrderDetailDto | undefined> {
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) return undefined;
  const [items, reviews, returns, refunded, deliveredAt, inReturns] = await Promise.all([
    db
      .selectFrom("order_items")
      .innerJoin("products", "products.id", "order_items.product_id")
      .selectAll("order_items")
      .select("products.final_sale")
      .where("order_id", "=", order.id)
      .orderBy("order_items.id")
      .execute(),
    db
      .selectFrom("reviews")
      .select(["id", "product_id", "rating", "comment"])
      .where("order_id", "=", order.id)
      .where("user_id", "=", userId)
      .execute(),
    db.selectFrom("returns").select(["code", "kind", "state", "created_at"]).where("order_id", "=", order.id).orderBy("id").execute(),
    refundedPence(db, order),
    deliveredAtOf(db, order.id),
    unitsInReturns(db, order.id),
  ]);
  const somethingReturnable = items.some((item) => !item.final_sale && item.quantity > (inReturns.get(item.id) ?? 0));
  const windowEndsAt =
    deliveredAt && somethingReturnable && (RETURNABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)
      ? returnWindowEndsAt(deliveredAt)
      : null;
  return {
    ...toOrderDetail(order, items, reviews),
    refunded: toGbp(refunded),
    returns: returns.map((row) => ({ ...row, state_name: RETURN_STATE_NAMES[row.state] })),
    return_window_ends_at: windowEndsAt,
  };
}

type ItemReview = OrderItemReviewDto & { product_id: number };

/** The order as its owner sees it; each item carries the owner's review of its product on this order, if any. */
function toOrderDetail(
  order: Order,
  items: OrderItem[],
  reviews: ItemReview[],
): Omit<OrderDetailDto, "refunded" | "returns" | "return_window_ends_at"> {
  const reviewOf = new Map(reviews.map(({ product_id, ...review }) => [product_id, review]));
  const method = order.payment_method as PaymentMethod;
  return {
    id: order.id,
    order_code: order.code,
    created_at: order.created_at,
    status_name: order.status,
    payment_method: method,
    payment_method_name: PAYMENT_METHOD_NAMES[method] ?? method,
    payment_status: order.payment_status as PaymentStatus,
    subtotal: toGbp(order.subtotal_pence + order.extras_pence),
    shipping: toGbp(order.shipping_pence),
    shipping_method: order.shipping_method,
    tax: toGbp(order.tax_pence),
    discount: toGbp(order.discount_pence),
    promo_code: order.promo_code,
    total: toGbp(order.total_pence),
    shipping_address: shippingAddressOf(order),
    items: items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      product_image: item.product_image,
      variant_name: item.variant_name,
      product_sku: item.product_sku,
      fit: item.fit,
      unit_price: toGbp(item.unit_price_pence + item.extra_price_pence),
      quantity: item.quantity,
      review: reviewOf.get(item.product_id) ?? null,
    })),
    shipment: shipmentOf(order),
  };
}

/** Where an order goes, as the address was when it was placed (copied onto the order). */
export function shippingAddressOf(
  order: Pick<Order, "ship_label" | "ship_line1" | "ship_line2" | "ship_city" | "ship_postal_code" | "ship_phone">,
) {
  return {
    label: order.ship_label,
    line1: order.ship_line1,
    line2: order.ship_line2,
    city: order.ship_city,
    postal_code: order.ship_postal_code,
    phone: order.ship_phone,
  };
}

/** The carrier and tracking number an order shipped with, with the carrier's tracking page; null before it ships. */
export function shipmentOf(order: Pick<Order, "carrier" | "tracking_number">) {
  const carrier = order.carrier as CarrierId | null;
  if (!carrier || !order.tracking_number || !(carrier in CARRIERS)) return null;
  return {
    carrier_name: CARRIERS[carrier].name,
    tracking_number: order.tracking_number,
    tracking_url: trackingUrl(carrier, order.tracking_number),
  };
}
