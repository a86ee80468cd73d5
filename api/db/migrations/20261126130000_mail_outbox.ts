import { randomBytes } from "node:crypto";
import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Durable mail (additive: an older release never reads the new table or columns):
 * - `mail_outbox`: one row per transactional e-mail, written in the transaction of the change that promises it,
 *   unique by `dedupe_key`; a sender claims a row (`claimed_by` until `claim_expires_at`), sends it and marks it
 *   `sent`, or counts the failure and waits until `next_attempt_at`;
 * - `subscriptions.unsubscribe_token` (one per subscriber, for the one-click unsubscribe link, filled for the
 *   subscribers already there) and `subscriptions.unsubscribed_at`.
 * Frozen: later changes go in new migrations.
 */
export function mailOutbox(dialect: DialectName) {
  const pg = dialect === "postgres";
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", pg ? "serial" : "integer", (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
        .addColumn("template", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("data_json", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'sent', 'failed')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("claimed_by", "text")
        .addColumn("claim_expires_at", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema.alterTable("subscriptions").addColumn("unsubscribe_token", "text").execute();
      await db.schema.alterTable("subscriptions").addColumn("unsubscribed_at", "text").execute();
      const existing = await db.selectFrom("subscriptions").select("id").execute();
      for (const { id } of existing) {
        await db
          .updateTable("subscriptions")
          .set({ unsubscribe_token: randomBytes(16).toString("hex") })
          .where("id", "=", id)
          .execute();
      }
      await db.schema.createIndex("subscriptions_unsubscribe_token").on("subscriptions").column("unsubscribe_token").unique().execute();
    },
  };
}
