import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Checkout: promo usage rules and redemptions, payment attempts (declined ones have no order),
 * and the order status set. Frozen: later changes go in new migrations.
 */
export function checkoutOrders(dialect: DialectName) {
  const pg = dialect === "postgres";
  const id = pg ? ("serial" as const) : ("integer" as const);
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const statuses = sql.raw("('pending', 'processing', 'delivered', 'completed', 'cancelled')");

  return {
    async up(db: Kysely<any>): Promise<void> {
      // Null limits mean unlimited; times_used counts redemptions so the total limit is one conditional update.
      await db.schema
        .alterTable("promo_codes")
        .addColumn("usage_limit", "integer", (c) => c.check(sql`usage_limit > 0`))
        .execute();
      await db.schema
        .alterTable("promo_codes")
        .addColumn("per_customer_limit", "integer", (c) => c.check(sql`per_customer_limit > 0`))
        .execute();
      await db.schema
        .alterTable("promo_codes")
        .addColumn("times_used", "integer", (c) => c.notNull().defaultTo(0).check(sql`times_used >= 0`))
        .execute();

      await db.schema
        .createTable("promo_redemptions")
        .addColumn("id", id, pk)
        .addColumn("promo_code_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
        .addColumn("discount_pence", "integer", (c) => c.notNull().check(sql`discount_pence >= 0`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("promo_redemptions_user_idx").on("promo_redemptions").columns(["promo_code_id", "user_id"]).execute();

      await db.schema
        .createTable("payment_attempts")
        .addColumn("id", id, pk)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status IN ('processing', 'declined', 'refused', 'failed', 'succeeded')`))
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("gateway", "text")
        .addColumn("gateway_reference", "text")
        .addColumn("amount_pence", "integer", (c) => c.check(sql`amount_pence >= 0`))
        .addColumn("card_last4", "text")
        .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
        .addColumn("failure_status", "integer")
        .addColumn("failure_code", "text")
        .addColumn("failure_message", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("payment_attempts_key_uq", ["user_id", "idempotency_key"])
        .execute();

      // SQLite cannot add a CHECK to an existing table; triggers give the same guarantee there.
      if (pg) {
        await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ${statuses})`.execute(db);
      } else {
        for (const event of ["INSERT", "UPDATE OF status"]) {
          const name = sql.id(`orders_status_check_${event === "INSERT" ? "insert" : "update"}`);
          await sql`CREATE TRIGGER ${name} BEFORE ${sql.raw(event)} ON orders
            WHEN new.status NOT IN ${statuses}
            BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders_status_check'); END`.execute(db);
        }
      }
      await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "created_at"]).execute();
    },
  };
}
