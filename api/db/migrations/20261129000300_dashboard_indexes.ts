import type { Kysely } from "kysely";

/**
 * The back office's dashboard and audit log read indexes only, so their figures stay fast at a million orders
 * (additive: indexes only; `bench/dashboard.ts` measures them):
 * - orders by day with what a sale needs (status, payment status, total, id), so the 60 days the sales figures
 *   read are one index range and the best sellers join their items from it;
 * - order items by order with what the best sellers sum;
 * - orders by status and payment status, for the authorised payments and the refunds owed on cancelled orders;
 * - variants by stock, for those low in stock;
 * - contact messages by when they were handled (the unhandled are the nulls);
 * - the audit log by kind of change and by operator, each then by time, for its filters and their choices.
 * Frozen: later changes go in new migrations.
 */
export function dashboardIndexes() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createIndex("orders_sales_idx")
        .on("orders")
        .columns(["created_at", "status", "payment_status", "total_pence", "id"])
        .execute();
      await db.schema
        .createIndex("order_items_sales_idx")
        .on("order_items")
        .columns(["order_id", "product_id", "quantity", "unit_price_pence", "extra_price_pence"])
        .execute();
      await db.schema.createIndex("orders_status_payment_idx").on("orders").columns(["status", "payment_status"]).execute();
      await db.schema.createIndex("product_variants_stock_idx").on("product_variants").columns(["stock", "product_id"]).execute();
      await db.schema.createIndex("contact_messages_handled_idx").on("contact_messages").column("handled_at").execute();
      await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();
      await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_email", "created_at"]).execute();
    },
  };
}
