import type { Kysely } from "kysely";

/**
 * Payment recovery (additive only, so a release without it runs on the migrated schema):
 * - `payment_attempts.request_hash`: SHA-256 of the canonical payment request (no card data), so a key reused
 *   with another request is refused instead of answering the first order;
 * - an index over attempts by status and age, for the recovery pass's look-up of attempts left `processing`;
 * - `job_leases`: one row per background job, held until `expires_at`, so one process of all the instances on
 *   one database runs the job at a time.
 * Frozen: later changes go in new migrations.
 */
export function paymentRecovery() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("payment_attempts").addColumn("request_hash", "text").execute();
      await db.schema.createIndex("payment_attempts_status_idx").on("payment_attempts").columns(["status", "created_at"]).execute();
      await db.schema
        .createTable("job_leases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
