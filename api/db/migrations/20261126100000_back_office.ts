import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * The back office's foundation: a role on every user (`shopper` or `operator`); the `shipped` order status with
 * the carrier and tracking number it carries; `order_events`, each status an order reached, by whom; and
 * `audit_log`, every operator action with the state before and after (JSON). Additive: the older release reads
 * and writes orders and users as before (the role defaults to `shopper`, the new columns are nullable).
 * Frozen: later changes go in new migrations.
 */
export function backOffice(dialect: DialectName) {
  const statuses = sql.raw("('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled')");
  const triggers = ["insert", "update"].map((event) => ({ event, name: sql.id(`orders_status_check_${event}`) }));
  const pg = dialect === "postgres";
  const serial = pg ? ("serial" as const) : ("integer" as const);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("shopper").check(sql`role IN ('shopper', 'operator')`))
        .execute();
      for (const column of ["carrier", "tracking_number", "shipped_at"]) {
        await db.schema.alterTable("orders").addColumn(column, "text").execute();
      }
      if (pg) {
        await sql`ALTER TABLE orders DROP CONSTRAINT orders_status_check`.execute(db);
        await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ${statuses})`.execute(db);
      } else {
        for (const { event, name } of triggers) {
          await sql`DROP TRIGGER ${name}`.execute(db);
          await sql`CREATE TRIGGER ${name} BEFORE ${sql.raw(event === "insert" ? "INSERT" : "UPDATE OF status")} ON orders
            WHEN new.status NOT IN ${statuses}
            BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders_status_check'); END`.execute(db);
        }
      }
      await db.schema
        .createTable("order_events")
        .addColumn("id", serial, id)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "id"]).execute();
      await db.schema
        .createTable("audit_log")
        .addColumn("id", serial, id)
        .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("actor_email", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
    },
  };
}
