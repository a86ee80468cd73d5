import { sql } from "kysely";
import type { Db } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";
import { retryLostRaces } from "./retry.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";

/** PostgreSQL advisory-lock key shared by every instance of the shop that prepares the same database. */
const PREPARE_LOCK_KEY = "maison-noor-shop: migrate and seed";

/**
 * Runs `work` while holding a database-wide lock, so instances starting together on one PostgreSQL database
 * migrate and seed one after another instead of racing (the later ones find the work done). The lock lives on
 * one connection and `work` runs on that same connection. SQLite is served by one process, whose writes are
 * serialised already. Waiting for the lock, migrating and seeding take as long as they take: the connection lifts
 * the timeouts a serving pool sets (DATABASE_WAIT_MS) while it holds the lock.
 */
async function withPrepareLock<T>(db: Db, work: (locked: Db) => Promise<T>): Promise<T> {
  if (db.dialect !== "postgres") return work(db);
  return db.kysely.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    await sql`SET idle_in_transaction_session_timeout = 0`.execute(connection);
    await sql`SELECT pg_advisory_lock(hashtext(${PREPARE_LOCK_KEY}))`.execute(connection);
    try {
      return await work({ ...db, kysely: connection });
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${PREPARE_LOCK_KEY}))`.execute(connection);
      await sql`RESET statement_timeout`.execute(connection);
      await sql`RESET idle_in_transaction_session_timeout`.execute(connection);
    }
  });
}

/**
 * Brings the schema up to date and, when asked, seeds the demo catalogue into an empty database; answers whether
 * it seeded, and the migrations a newer release ran that this one does not know (the database is ahead of it).
 */
export function prepareDatabase(db: Db, options: { seedDemo: boolean }): Promise<{ seeded: boolean; newerMigrations: string[] }> {
  return withPrepareLock(db, async (locked) => {
    // The migrations run in one transaction beside the release before, whose writes can deadlock with their locks.
    const { unknown } = await retryLostRaces(() => migrateToLatest(locked));
    return { seeded: options.seedDemo && (await seedDemoIfEmpty(locked)), newerMigrations: unknown };
  });
}
