import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Adds `confirmed` to the order statuses: a paid order whose payment was captured. Orders already paid and still
 * `pending` become `confirmed`. Frozen: later changes go in new migrations.
 */
export function orderConfirmedStatus(dialect: DialectName) {
  const statuses = sql.raw("('pending', 'confirmed', 'processing', 'delivered', 'completed', 'cancelled')");
  const triggers = ["insert", "update"].map((event) => ({ event, name: sql.id(`orders_status_check_${event}`) }));

  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "postgres") {
        await sql`ALTER TABLE orders DROP CONSTRAINT orders_status_check`.execute(db);
        await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ${statuses})`.execute(db);
      } else {
        // SQLite cannot alter a CHECK on an existing table; the triggers that stand in for it are replaced.
        for (const { event, name } of triggers) {
          await sql`DROP TRIGGER ${name}`.execute(db);
          await sql`CREATE TRIGGER ${name} BEFORE ${sql.raw(event === "insert" ? "INSERT" : "UPDATE OF status")} ON orders
            WHEN new.status NOT IN ${statuses}
            BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: orders_status_check'); END`.execute(db);
        }
      }
      await sql`UPDATE orders SET status = 'confirmed' WHERE status = 'pending' AND payment_status = 'paid'`.execute(db);
    },
  };
}
