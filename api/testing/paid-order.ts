import { insertOrder } from "#api/catalogue/testing-fixtures.ts";
import type { Db } from "#api/db/connect.ts";

/**
 * A paid order for tests of what happens after the sale: each line a variant at its catalogue price (the product's
 * price plus the variant's extra), £5 delivery, the payment captured by the test gateway; `confirmed`, or with
 * `deliveredAt` delivered then (its history confirmed three days before, then delivered). Answers the order's id,
 * code, item ids (in the order of `lines`) and total.
 */
export async function insertPaidOrder(
  db: Db,
  order: { userId: number; deliveredAt?: string; lines: { variantId: number; quantity: number }[] },
): Promise<{ orderId: number; code: string; itemIds: number[]; totalPence: number }> {
  const variants = await Promise.all(
    order.lines.map((line) =>
      db.kysely
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select(["v.id", "v.product_id", "v.sku", "v.color_name", "v.size", "v.extra_price_pence", "p.name", "p.current_price_pence"])
        .where("v.id", "=", line.variantId)
        .executeTakeFirstOrThrow(),
    ),
  );
  const placedAt = new Date((order.deliveredAt ? Date.parse(order.deliveredAt) : Date.now()) - 3 * 24 * 60 * 60 * 1000).toISOString();
  const orderId = await insertOrder(db, {
    userId: order.userId,
    createdAt: placedAt,
    status: order.deliveredAt ? "delivered" : "confirmed",
    items: order.lines.map((line, index) => ({ productId: variants[index]?.product_id as number, quantity: line.quantity })),
  });
  const items = await db.kysely.selectFrom("order_items").select("id").where("order_id", "=", orderId).orderBy("id").execute();
  let subtotalPence = 0;
  for (const [index, item] of items.entries()) {
    const variant = variants[index];
    const line = order.lines[index];
    if (!variant || !line) throw new Error("each line is one order item");
    subtotalPence += (variant.current_price_pence + variant.extra_price_pence) * line.quantity;
    await db.kysely
      .updateTable("order_items")
      .set({
        variant_id: variant.id,
        product_name: variant.name,
        variant_name: `${variant.color_name} / ${variant.size}`,
        product_sku: variant.sku,
        unit_price_pence: variant.current_price_pence,
        extra_price_pence: variant.extra_price_pence,
      })
      .where("id", "=", item.id)
      .execute();
  }
  const totalPence = subtotalPence + 500;
  const { code } = await db.kysely
    .updateTable("orders")
    .set({ subtotal_pence: subtotalPence, total_pence: totalPence })
    .where("id", "=", orderId)
    .returning("code")
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto("payments")
    .values({
      order_id: orderId,
      gateway: "test",
      method: "credit_card",
      status: "captured",
      amount_pence: totalPence,
      reference: `test_${code}`,
      card_last4: "4242",
      created_at: placedAt,
    })
    .execute();
  await db.kysely
    .insertInto("order_events")
    .values([
      { order_id: orderId, status: "confirmed" as const, actor_user_id: null, note: null, created_at: placedAt },
      ...(order.deliveredAt
        ? [{ order_id: orderId, status: "delivered" as const, actor_user_id: null, note: null, created_at: order.deliveredAt }]
        : []),
    ])
    .execute();
  return { orderId, code, itemIds: items.map((item) => item.id), totalPence };
}
