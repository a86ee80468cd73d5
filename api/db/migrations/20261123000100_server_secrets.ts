import type { Kysely } from "kysely";

/**
 * Secrets the servers generate for themselves and share through the database (the cookie-signing secret when
 * SESSION_SECRET is unset), so every instance on one database signs alike. Frozen: later changes go in new migrations.
 */
export function serverSecrets() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("server_secrets")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
