import { setTimeout as sleep } from "node:timers/promises";
import type { Transaction } from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/** Tries a transaction that lost a lock race gets in all (the first included) before its error is thrown. */
export const TRANSACTION_ATTEMPTS = 4;
/** The first retry waits up to this long, each later one up to twice the one before (full jitter). */
const RETRY_BASE_DELAY_MS = 20;

/**
 * Errors that mean "another transaction got there first; the same work may simply run again": PostgreSQL's
 * deadlock victim (40P01) and serialization failure (40001), and SQLite's SQLITE_BUSY (another process held the
 * write lock past busy_timeout), thrown as they are or as the cause of an error that wraps them (the migrator
 * wraps a failed statement's). Anything else is a real failure and is never retried.
 */
export function isTransientConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === "40P01" || code === "40001" || (typeof code === "string" && code.startsWith("SQLITE_BUSY"))) return true;
  }
  return false;
}

/**
 * Runs `work` in a transaction, and again (after a short random wait, so two losers do not collide again in
 * step) when it lost a deadlock or serialization race; the lost attempt was rolled back, so `work` starts
 * from scratch each time and must not have effects outside the transaction.
 */
export function transactionWithRetry<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: { attempts?: number; random?: () => number } = {},
): Promise<T> {
  return retryLostRaces(() => db.kysely.transaction().execute(work), options);
}

/** Runs `attempt` again, as transactionWithRetry does, when it fails with a lost race: for work that opens its own transaction. */
export async function retryLostRaces<T>(
  attempt: () => Promise<T>,
  { attempts = TRANSACTION_ATTEMPTS, random = Math.random }: { attempts?: number; random?: () => number } = {},
): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= attempts || !isTransientConflict(error)) throw error;
      await sleep(random() * RETRY_BASE_DELAY_MS * 2 ** (tried - 1));
    }
  }
}
