import type { Kysely } from "kysely";

/**
 * Moderation in the back office: `reviews.hidden_at`/`hidden_by` (a hidden review leaves the public list, its count
 * and the product's rating summary) and `contact_messages.handled_at`/`handled_by` (a message an operator dealt
 * with). Additive: nullable columns an older release neither reads nor writes (it shows hidden reviews again).
 * Frozen: later changes go in new migrations.
 */
export function moderation() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("reviews").addColumn("hidden_at", "text").execute();
      await db.schema
        .alterTable("reviews")
        .addColumn("hidden_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .execute();
      await db.schema.alterTable("contact_messages").addColumn("handled_at", "text").execute();
      await db.schema
        .alterTable("contact_messages")
        .addColumn("handled_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .execute();
    },
  };
}
