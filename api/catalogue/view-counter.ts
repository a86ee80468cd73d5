import type { Logger } from "pino";
import type { Db } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";

/**
 * How long product views gather in memory before one transaction writes them. SQLite commits with a full sync
 * and better-sqlite3 blocks the event loop while it does: one commit per product page held every other request
 * for milliseconds. A second's views then are lost only if the process dies without its shutdown.
 */
export const VIEW_WRITE_DELAY_MS = 1_000;

interface Pending {
  counts: Map<number, number>;
  timer: ReturnType<typeof setTimeout>;
}

/** Views not yet written, per database handle (several apps in one process never mix theirs). */
const pendingViews = new WeakMap<Db, Pending>();

/**
 * One transaction for the gathered views, taking the product rows in id order as the order transaction does, so
 * the two never wait on each other in a cycle (views in viewing order deadlocked with payments).
 */
function writeViews(db: Db, counts: ReadonlyMap<number, number>) {
  const byId = [...counts].sort(([a], [b]) => a - b);
  return transactionWithRetry(db, async (trx) => {
    for (const [id, views] of byId) {
      await trx
        .updateTable("products")
        .set((eb) => ({ view_count: eb("view_count", "+", views) }))
        .where("id", "=", id)
        .where("status", "=", "Active")
        .execute();
    }
  });
}

/**
 * Counts one view of product `id`: written at once when `delayMs` is 0 (tests read it back straight away), else
 * added to the views written together after `delayMs`. A failed write is logged and its views dropped: a view
 * count is a popularity signal, never worth failing a page for.
 */
export async function countProductView(db: Db, id: number, delayMs: number, logger: Logger): Promise<void> {
  if (delayMs <= 0) {
    await writeViews(db, new Map([[id, 1]]));
    return;
  }
  let pending = pendingViews.get(db);
  if (!pending) {
    const timer = setTimeout(() => {
      writePendingViews(db).catch((error: unknown) => logger.error({ err: error }, "writing product views failed"));
    }, delayMs);
    timer.unref();
    pending = { counts: new Map(), timer };
    pendingViews.set(db, pending);
  }
  pending.counts.set(id, (pending.counts.get(id) ?? 0) + 1);
}

/** Writes the views gathered so far at once; the shutdown calls it before closing the database. */
export async function writePendingViews(db: Db): Promise<void> {
  const pending = pendingViews.get(db);
  if (!pending) return;
  pendingViews.delete(db);
  clearTimeout(pending.timer);
  await writeViews(db, pending.counts);
}
