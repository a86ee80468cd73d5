import type { Db } from "#api/db/connect.ts";
import type { OrderExportRowDto } from "#contract/dto/admin.ts";
import { toGbp } from "#contract/money.ts";
import type { OrderExportQuery } from "#contract/schemas/admin-orders.ts";

/** The first moment after the UTC day `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * Every order placed on the UTC days `from` to `to` (both counted), oldest first, with its lines and what was given
 * back: the refunds the provider made, or, for an order refunded whole on cancellation, its total (as the shopper's
 * order answer counts it). Three queries, whatever the number of orders: the orders, their lines, their refunds.
 */
export async function exportOrders(db: Db, range: OrderExportQuery): Promise<OrderExportRowDto[]> {
  const inRange = db.kysely
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.created_at", ">=", `${range.from}T00:00:00.000Z`)
    .where("orders.created_at", "<", dayAfter(range.to));
  const [orders, lines, refunds] = await Promise.all([
    db.kysely
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select([
        "orders.id",
        "orders.code",
        "orders.created_at",
        "orders.status",
        "orders.payment_status",
        "orders.subtotal_pence",
        "orders.extras_pence",
        "orders.discount_pence",
        "orders.shipping_pence",
        "orders.total_pence",
        "users.name",
        "users.email",
      ])
      .where("orders.id", "in", inRange)
      .orderBy("orders.created_at")
      .orderBy("orders.id")
      .execute(),
    db.kysely
      .selectFrom("order_items")
      .select(["order_id", "product_name", "variant_name", "quantity"])
      .where("order_id", "in", inRange)
      .orderBy("id")
      .execute(),
    db.kysely
      .selectFrom("refunds")
      .select((eb) => ["order_id", eb.fn.sum<number>("amount_pence").as("pence")])
      .where("status", "=", "succeeded")
      .where("order_id", "in", inRange)
      .groupBy("order_id")
      .execute(),
  ]);
  const linesOf = Map.groupBy(lines, (line) => line.order_id);
  const refundedOf = new Map(refunds.map((row) => [row.order_id, Number(row.pence)]));
  return orders.map((order) => {
    const refunded = refundedOf.get(order.id) ?? 0;
    return {
      code: order.code,
      created_at: order.created_at,
      customer_name: order.name,
      customer_email: order.email,
      items: (linesOf.get(order.id) ?? []).map((line) => `${line.product_name} (${line.variant_name}) × ${line.quantity}`),
      subtotal: toGbp(order.subtotal_pence + order.extras_pence),
      discount: toGbp(order.discount_pence),
      delivery: toGbp(order.shipping_pence),
      total: toGbp(order.total_pence),
      refunded: toGbp(order.payment_status === "refunded" ? Math.max(order.total_pence, refunded) : refunded),
      status: order.status,
    };
  });
}
