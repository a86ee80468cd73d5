import { sql } from "kysely";
import type { Db } from "#api/db/connect.ts";

/** Resolves once some session of this PostgreSQL database waits on a lock. */
export async function waitForALockWait(db: Db): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db.kysely);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((next) => setImmediate(next));
  }
}
