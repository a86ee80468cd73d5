import type { Kysely } from "kysely";
import type { Database } from "#api/db/schema.ts";

/** Units of each of an order's items already in a return or a claim that was not rejected. */
export async function unitsInReturns(db: Kysely<Database>, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("return_items as ri")
    .innerJoin("returns as r", "r.id", "ri.return_id")
    .select((eb) => ["ri.order_item_id", eb.fn.sum<number>("ri.quantity").as("units")])
    .where("r.order_id", "=", orderId)
    .where("r.state", "<>", "rejected")
    .groupBy("ri.order_item_id")
    .execute();
  return new Map(rows.map((row) => [row.order_item_id, Number(row.units)]));
}

/** When the order was delivered (its latest `delivered` event), or null while it has not been. */
export async function deliveredAtOf(db: Kysely<Database>, orderId: number): Promise<string | null> {
  const event = await db
    .selectFrom("order_events")
    .select("created_at")
    .where("order_id", "=", orderId)
    .where("status", "=", "delivered")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return event?.created_at ?? null;
}

/** Money given back on an order whose provider has done it: refunds, or a cancellation's full refund. */
export async function refundedPence(db: Kysely<Database>, order: { id: number; payment_status: string; total_pence: number }) {
  const { refunded } = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("refunded"))
    .where("order_id", "=", order.id)
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return order.payment_status === "refunded" ? Math.max(order.total_pence, Number(refunded)) : Number(refunded);
}
