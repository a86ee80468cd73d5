import type { Db } from "#api/db/connect.ts";

/** The whole newsletter list, oldest first: what the back office exports. */
export const newsletterSubscribers = (db: Db) =>
  db.kysely.selectFrom("subscriptions").select(["email", "created_at"]).orderBy("created_at").orderBy("id").execute();
