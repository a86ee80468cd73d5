import type { Db } from "#api/db/connect.ts";

/** How long an anonymous catalogue read is served from memory: short, so another process's writes show soon. */
export const CATALOGUE_CACHE_MS = 5_000;

type Entry = { expires: number; value: Promise<unknown> };

/**
 * At most this many reads are kept per database. Keys carry the request's parameters (search words, product ids),
 * so without a bound a crawler or a hostile client would grow the map until the next catalogue write.
 */
export const CATALOGUE_CACHE_MAX_ENTRIES = 500;

/** One cache per database handle, so two apps in one process (tests) never share answers. */
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Answers `read()` from memory when the same `key` was read on this database less than `ttlMs` ago.
 * Concurrent callers share one pending read; a failed read is forgotten at once. `ttlMs` 0 turns caching off.
 * Entries are kept in the order they were read, so the oldest (the first to expire) are dropped first: expired
 * ones on every read, and the oldest of all when the cache is full.
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
  cache.delete(key);
  for (const [oldestKey, oldest] of cache) {
    if (oldest.expires > now && cache.size < CATALOGUE_CACHE_MAX_ENTRIES) break;
    cache.delete(oldestKey);
  }
  const value = read();
  const entries = cache;
  const entry = { expires: now + ttlMs, value };
  entries.set(key, entry);
  // Only this entry: a newer read of the same key may have replaced it by the time this one fails.
  value.catch(() => entries.get(key) === entry && entries.delete(key));
  return value;
}

const generations = new WeakMap<Db, number>();
const writeListeners = new WeakMap<Db, Set<() => void>>();

/** Called by every write that changes what the catalogue shows (stock, products, categories, reviews). */
export function invalidateCatalogueReads(db: Db): void {
  catalogueWrittenElsewhere(db);
  for (const listener of writeListeners.get(db) ?? []) listener();
}

/**
 * Drops the reads kept for `db` after another process wrote the same database (a cluster worker announces its
 * writes through the primary, `server.ts`); unlike `invalidateCatalogueReads` it tells no listener.
 */
export function catalogueWrittenElsewhere(db: Db): void {
  caches.get(db)?.clear();
  generations.set(db, catalogueReadsGeneration(db) + 1);
}

/** `listener` runs after each catalogue write this process makes on `db`. */
export function onCatalogueWrite(db: Db, listener: () => void): void {
  const listeners = writeListeners.get(db) ?? new Set();
  listeners.add(listener);
  writeListeners.set(db, listeners);
}

/** Changes with every `invalidateCatalogueReads` of `db`: an in-process storefront keeps its answers until then. */
export function catalogueReadsGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}
