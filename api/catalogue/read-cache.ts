import type { Db } from "#api/db/connect.ts";

/** How long an anonymous catalogue read is served from memory: short, so another process's writes show soon. */
export const CATALOGUE_CACHE_MS = 5_000;

type Entry = { expires: number; value: Promise<unknown> };

/** One cache per database handle, so two apps in one process (tests) never share answers. */
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Answers `read()` from memory when the same `key` was read on this database less than `ttlMs` ago.
 * Concurrent callers share one pending read; a failed read is forgotten at once. `ttlMs` 0 turns caching off.
 */
export function cachedCatalogueRead<T>(db: Db, ttlMs: number, key: string, read: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return read();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = performance.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = read();
  const entries = cache;
  entries.set(key, { expires: now + ttlMs, value });
  value.catch(() => entries.delete(key));
  return value;
}

/** Called by every write that changes what the catalogue shows (stock, products, categories). */
export function invalidateCatalogueReads(db: Db): void {
  caches.get(db)?.clear();
}
