import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * The database refuses what the code never writes (additive: every value a release before this one writes is
 * allowed, so it keeps serving beside this one):
 * - `orders.payment_status` one of PAYMENT_STATUSES, `orders.payment_method` one of PAYMENT_METHODS;
 * - `payments.status` one of open, authorised, captured, refunded, voided, expired;
 * - a percentage promo takes at most 100 off, and a promo's start, when both ends are set, is before its end.
 * PostgreSQL adds each as a CHECK constraint, first NOT VALID (no long lock), then validated. SQLite cannot add a
 * CHECK to an existing table, so triggers before each insert and update of those columns abort the write with the
 * constraint's name; rows written before them are not re-read.
 * Frozen: later changes go in new migrations.
 */
const CHECKS: readonly { table: string; name: string; columns: readonly string[]; condition: (row: string) => string }[] = [
  {
    table: "orders",
    name: "orders_payment_status_check",
    columns: ["payment_status"],
    condition: (row: string) => `${row}payment_status IN ('unpaid', 'authorised', 'paid', 'refunded', 'voided')`,
  },
  {
    table: "orders",
    name: "orders_payment_method_check",
    columns: ["payment_method"],
    condition: (row: string) => `${row}payment_method IN ('credit_card', 'paypal', 'apple_pay', 'google_pay')`,
  },
  {
    table: "payments",
    name: "payments_status_check",
    columns: ["status"],
    condition: (row: string) => `${row}status IN ('open', 'authorised', 'captured', 'refunded', 'voided', 'expired')`,
  },
  {
    table: "promo_codes",
    name: "promo_codes_percentage_check",
    columns: ["discount_type", "discount_value"],
    condition: (row: string) => `${row}discount_type <> 'percentage' OR ${row}discount_value <= 100`,
  },
  {
    table: "promo_codes",
    name: "promo_codes_period_check",
    columns: ["starts_at", "ends_at"],
    condition: (row: string) => `${row}starts_at IS NULL OR ${row}ends_at IS NULL OR ${row}starts_at < ${row}ends_at`,
  },
];

export function checkedPaymentAndPromoValues(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const check of CHECKS) {
        const table = sql.table(check.table);
        const name = sql.raw(check.name);
        const condition = sql.raw(check.condition(""));
        if (dialect === "postgres") {
          await sql`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition}) NOT VALID`.execute(db);
          await sql`ALTER TABLE ${table} VALIDATE CONSTRAINT ${name}`.execute(db);
          continue;
        }
        // In a trigger the written row's columns are NEW.<column>.
        const onNew = sql.raw(check.condition("NEW."));
        const abort = sql.raw(`SELECT RAISE(ABORT, 'CHECK constraint failed: ${check.name}')`);
        await sql`CREATE TRIGGER ${sql.raw(`${check.name}_insert`)} BEFORE INSERT ON ${table}
          WHEN NOT (${onNew}) BEGIN ${abort}; END`.execute(db);
        await sql`CREATE TRIGGER ${sql.raw(`${check.name}_update`)} BEFORE UPDATE OF ${sql.raw(check.columns.join(", "))} ON ${table}
          WHEN NOT (${onNew}) BEGIN ${abort}; END`.execute(db);
      }
    },
  };
}
