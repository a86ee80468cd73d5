import type { Db } from "#api/db/connect.ts";

/**
 * The people subscribed now, oldest consent first: what the back office exports and counts. Those who left the list
 * keep their row (their unsubscribe link still answers) but are never mailed from the export.
 */
export const newsletterSubscribers = (db: Db) =>
  db.kysely
    .selectFrom("subscriptions")
    .select(["email", "created_at"])
    .where("unsubscribed_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
