import { sql } from "kysely";
import type { Db } from "#api/db/connect.ts";
import { shipmentOf, shippingAddressOf } from "#api/orders/order-reads.ts";
import { unitsInReturns } from "#api/returns/returnable.ts";
import type { CarrierId } from "#contract/carriers.ts";
import { ORDER_TRANSITIONS, PAYMENT_METHOD_NAMES, type PaymentMethod, type PaymentStatus, TO_SHIP_STATUSES } from "#contract/checkout.ts";
import type { AdminOrderDetailDto, AdminOrderSummaryDto } from "#contract/dto/admin.ts";
import { toGbp } from "#contract/money.ts";
import { RETURN_STATE_NAMES } from "#contract/returns.ts";
import type { AdminOrderListQuery } from "#contract/schemas/admin-orders.ts";

/** `text` for a LIKE pattern that matches it literally (with ESCAPE '\'). */
export const literalLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** The first moment after the UTC day `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The operator's order list: newest first, filtered by status, by the UTC days it was placed (from and to
 * inclusive) and by a search that matches part of the order code or of the customer's e-mail; one page of it.
 */
export async function listAdminOrders(db: Db, filter: AdminOrderListQuery): Promise<{ orders: AdminOrderSummaryDto[]; total: number }> {
  let query = db.kysely.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id");
  if (filter.status === "to_ship") query = query.where("orders.status", "in", TO_SHIP_STATUSES);
  else if (filter.status) query = query.where("orders.status", "=", filter.status);
  if (filter.from) query = query.where("orders.created_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("orders.created_at", "<", dayAfter(filter.to));
  if (filter.q) {
    const pattern = (text: string) => `%${literalLike(text)}%`;
    const code = pattern(filter.q.toUpperCase());
    const email = pattern(filter.q.toLowerCase());
    query = query.where(sql<boolean>`(orders.code LIKE ${code} ESCAPE '\\' OR users.email LIKE ${email} ESCAPE '\\')`);
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await query
    .select((eb) => [
      "orders.code",
      "orders.created_at",
      "orders.status",
      "orders.payment_status",
      "orders.total_pence",
      "users.email",
      eb
        .selectFrom("order_items")
        .select((items) => items.fn.sum<number>("quantity").as("units"))
        .whereRef("order_items.order_id", "=", "orders.id")
        .as("units"),
    ])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  const orders = rows.map((row) => ({
    code: row.code,
    created_at: row.created_at,
    status: row.status,
    payment_status: row.payment_status as PaymentStatus,
    total: toGbp(row.total_pence),
    customer_email: row.email,
    items: Number(row.units ?? 0),
  }));
  return { orders, total: Number(total) };
}

/** One order as the back office, the packing slip and `order:show` show it; undefined when there is no such order. */
export async function adminOrderDetail(db: Db, code: string): Promise<AdminOrderDetailDto | undefined> {
  const order = await db.kysely
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .selectAll("orders")
    .select(["users.name as customer_name", "users.email as customer_email"])
    .where("orders.code", "=", code)
    .executeTakeFirst();
  if (!order) return undefined;
  const [items, payment, history, returns, inReturns] = await Promise.all([
    db.kysely.selectFrom("order_items").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    db.kysely
      .selectFrom("payments")
      .select(["gateway", "reference", "card_last4"])
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    db.kysely
      .selectFrom("order_events")
      .leftJoin("users", "users.id", "order_events.actor_user_id")
      .select(["order_events.status", "order_events.created_at", "order_events.note", "users.name", "users.email"])
      .where("order_events.order_id", "=", order.id)
      .orderBy("order_events.id")
      .execute(),
    db.kysely
      .selectFrom("returns")
      .select(["code", "kind", "state", "created_at"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    unitsInReturns(db.kysely, order.id),
  ]);
  const method = order.payment_method as PaymentMethod;
  const carrier = order.carrier as CarrierId | null;
  const shipment = shipmentOf(order);
  return {
    code: order.code,
    created_at: order.created_at,
    status: order.status,
    next_statuses: [...ORDER_TRANSITIONS[order.status]],
    customer: { name: order.customer_name, email: order.customer_email },
    shipping_address: shippingAddressOf(order),
    shipping_method: order.shipping_method,
    payment: {
      method,
      method_name: PAYMENT_METHOD_NAMES[method] ?? method,
      status: order.payment_status as PaymentStatus,
      gateway: payment?.gateway ?? null,
      reference: payment?.reference ?? null,
      card_last4: payment?.card_last4 ?? null,
    },
    totals: {
      subtotal: toGbp(order.subtotal_pence + order.extras_pence),
      shipping: toGbp(order.shipping_pence),
      discount: toGbp(order.discount_pence),
      promo_code: order.promo_code,
      total: toGbp(order.total_pence),
    },
    items: items.map((item) => {
      const unitPence = item.unit_price_pence + item.extra_price_pence;
      return {
        id: item.id,
        product_id: item.product_id,
        product_name: item.product_name,
        product_image: item.product_image,
        variant_name: item.variant_name,
        sku: item.product_sku,
        fit: item.fit,
        quantity: item.quantity,
        unit_price: toGbp(unitPence),
        line_total: toGbp(unitPence * item.quantity),
        returnable_quantity: Math.max(0, item.quantity - (inReturns.get(item.id) ?? 0)),
      };
    }),
    returns: returns.map((row) => ({ ...row, state_name: RETURN_STATE_NAMES[row.state] })),
    shipment: shipment && carrier && order.shipped_at ? { carrier, ...shipment, shipped_at: order.shipped_at } : null,
    history: history.map((event) => ({
      status: event.status,
      at: event.created_at,
      actor: event.name !== null && event.email !== null ? { name: event.name, email: event.email } : null,
      note: event.note,
    })),
  };
}
