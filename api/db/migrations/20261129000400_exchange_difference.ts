import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * An exchange for a dearer variant (additive: an older release never reads the new table, and a return it writes
 * owes nothing, as the column's default says):
 * - `returns.difference_due_pence`: what the shopper pays for the dearer variants, fixed when the return is
 *   registered; `payment_due_by`: the end of the time to pay it, after which the return is released;
 * - `exchange_payments`: the payments of those differences, apart from the orders' own (whose code reads one
 *   payment per order), each with its provider reference and state;
 * - an index on `refunds.return_id`, which every return's page and the list read by.
 * Frozen: later changes go in new migrations.
 */
export function exchangeDifference(dialect: DialectName) {
  const pg = dialect === "postgres";
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("returns")
        .addColumn("difference_due_pence", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("returns").addColumn("payment_due_by", "text").execute();
      await db.schema
        .createTable("exchange_payments")
        .addColumn("id", pg ? "serial" : "integer", id)
        .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id"))
        .addColumn("gateway", "text", (c) => c.notNull())
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
        .addColumn("status", "text", (c) =>
          c.notNull().check(sql`status IN ('open', 'authorised', 'captured', 'expired', 'voided', 'refunding', 'refunded')`),
        )
        .addColumn("card_last4", "text")
        .addColumn("checkout_url", "text")
        .addColumn("expires_at", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("exchange_payments_return").on("exchange_payments").column("return_id").execute();
      await db.schema.createIndex("exchange_payments_status").on("exchange_payments").columns(["status", "updated_at"]).execute();
      await db.schema.createIndex("returns_payment_due").on("returns").columns(["state", "payment_due_by"]).execute();
      await db.schema.createIndex("refunds_return").on("refunds").column("return_id").execute();
    },
  };
}
