import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * After the sale (additive: an older release never reads the new tables or column, and a product it writes gets
 * `final_sale` 0):
 * - `products.final_sale`: the product cannot be returned or exchanged;
 * - `returns`: a return (the shopper's; goods come back) or a claim (the operator's: damaged, wrong or never
 *   arrived; goods come back only when `goods_back`), unique by `code`, with its state and, once sent, the
 *   exchange's or replacement's shipment;
 * - `return_items`: the order items and quantities of each, each a refund or an exchange for another variant of
 *   the same product (held from stock when registered), and whether it went back to stock once received;
 * - `refunds`: money given back on an order, any amount up to what was captured, `pending` from the moment it is
 *   decided (written before the provider is asked, under the order's lock) until the provider has done it;
 *   its id is its idempotency key at the provider, so a retry never pays twice.
 * Frozen: later changes go in new migrations.
 */
export function returnsAndRefunds(dialect: DialectName) {
  const pg = dialect === "postgres";
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = pg ? "serial" : "integer";
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("products")
        .addColumn("final_sale", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("returns")
        .addColumn("id", idType, id)
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('return', 'claim')`))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('requested', 'received', 'refunded', 'exchanged', 'rejected')`))
        .addColumn("goods_back", "integer", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("rejection_reason", "text")
        .addColumn("carrier", "text")
        .addColumn("tracking_number", "text")
        .addColumn("created_by", "integer", (c) => c.references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("received_at", "text")
        .addColumn("refunded_at", "text")
        .addColumn("shipped_at", "text")
        .addColumn("closed_at", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("returns_order").on("returns").column("order_id").execute();
      await db.schema.createIndex("returns_state_created").on("returns").columns(["state", "created_at"]).execute();
      await db.schema.createIndex("returns_created").on("returns").column("created_at").execute();
      await db.schema
        .createTable("return_items")
        .addColumn("id", idType, id)
        .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id"))
        .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id"))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn("resolution", "text", (c) => c.notNull().check(sql`resolution IN ('refund', 'exchange')`))
        .addColumn("exchange_variant_id", "integer", (c) => c.references("product_variants.id"))
        .addColumn("exchange_variant_name", "text")
        .addColumn("restocked", "integer")
        .execute();
      await db.schema.createIndex("return_items_return").on("return_items").column("return_id").execute();
      await db.schema.createIndex("return_items_order_item").on("return_items").column("order_item_id").execute();
      await db.schema
        .createTable("refunds")
        .addColumn("id", idType, id)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
        .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id"))
        .addColumn("return_id", "integer", (c) => c.references("returns.id"))
        .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
        .addColumn("status", "text", (c) => c.notNull().check(sql`status IN ('pending', 'succeeded')`))
        .addColumn("actor_user_id", "integer", (c) => c.references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("settled_at", "text")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("refunds_order").on("refunds").column("order_id").execute();
      await db.schema.createIndex("refunds_pending").on("refunds").columns(["status", "created_at"]).execute();
    },
  };
}
