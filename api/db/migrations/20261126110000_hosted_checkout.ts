import type { Kysely } from "kysely";

/**
 * Hosted checkout (Stripe): a payment remembers the page the shopper pays on (`checkout_url`, so a replayed
 * key answers the same page) and when that page stops taking payment (`expires_at`, when the order's held stock
 * is released). Additive: both nullable, and the older release never reads them. Frozen: later changes go in
 * new migrations.
 */
export function hostedCheckout() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("payments").addColumn("checkout_url", "text").execute();
      await db.schema.alterTable("payments").addColumn("expires_at", "text").execute();
      await db.schema.createIndex("payments_status_expires").on("payments").columns(["status", "expires_at"]).execute();
    },
  };
}
