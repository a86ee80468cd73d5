import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { Db } from "#api/db/connect.ts";
import { CATALOGUE_FRESHNESS } from "#contract/constants.ts";

/**
 * What keeps catalogue reads and pages in memory, and when they are stale: the catalogue generation in the
 * database (`catalogue_generation`), which the database's own triggers raise in the transaction of every write to what
 * the catalogue shows (migration 20261129000200: on PostgreSQL at commit, the last lock taken), and every process
 * reads about once a second. Kept things belong to the generation they were made under, so a write by any worker,
 * instance or operator command shows everywhere within `CATALOGUE_FRESHNESS.trustForMs` of its commit.
 */

/** Longest a read is kept while no write happens: bounds what changes without one (trending by views), per layer. */
export const CATALOGUE_CACHE_MS = 5_000;

/**
 * At most this many reads are kept per cache. Keys carry the request's parameters (search words, product ids),
 * so without a bound a crawler or a hostile client would grow the cache until the next catalogue write.
 */
export const CATALOGUE_CACHE_MAX_ENTRIES = 500;

/** The catalogue generation as this process knows it. */
export interface CatalogueGeneration {
  /**
   * The generation read from the database less than `trustForMs` ago, or undefined when there is none so recent
   * (the database is away): nothing may then be answered from memory.
   */
  current(): number | undefined;
  /** Reads the generation now: after this process's own write, so that its next page shows it. */
  check(): Promise<void>;
  stop(): void;
}

export interface GenerationWatchOptions {
  logger: Logger;
  /** How often the generation is read: one query per process, whatever the traffic. */
  checkEveryMs?: number;
  trustForMs?: number;
  /** Milliseconds on a monotonic clock (tests move it). */
  now?: () => number;
}

/** Reads the catalogue generation every `checkEveryMs` until `stop()`. The first read is under way on return. */
export function watchCatalogueGeneration(db: Db, options: GenerationWatchOptions): CatalogueGeneration {
  const { logger, checkEveryMs = CATALOGUE_FRESHNESS.checkEveryMs, trustForMs = CATALOGUE_FRESHNESS.trustForMs } = options;
  const now = options.now ?? (() => performance.now());
  let known: { generation: number; readAt: number } | undefined;
  let polling = false;
  let failing = false;

  const check = async () => {
    // The database's answer is at least as new as the moment the query was sent.
    const sentAt = now();
    try {
      const row = await db.kysely.selectFrom("catalogue_generation").select("generation").where("id", "=", 1).executeTakeFirstOrThrow();
      const generation = Number(row.generation);
      // Answers may arrive out of order; the generation only grows.
      if (!known || generation > known.generation || (generation === known.generation && sentAt > known.readAt)) {
        known = { generation, readAt: sentAt };
      }
      if (failing) logger.info("the catalogue generation is readable again: kept catalogue reads and pages are used again");
      failing = false;
    } catch (error) {
      if (!failing)
        logger.warn({ err: error }, "reading the catalogue generation failed: catalogue reads and pages are not kept until it succeeds");
      failing = true;
    }
  };
  // A slow database gets no second query from the timer while the first waits.
  const poll = () => {
    if (polling) return;
    polling = true;
    void check().finally(() => {
      polling = false;
    });
  };
  poll();
  const timer = setInterval(poll, checkEveryMs);
  timer.unref();

  return {
    current: () => (known && now() - known.readAt < trustForMs ? known.generation : undefined),
    check,
    stop: () => clearInterval(timer),
  };
}

/** Reads kept in memory for the current catalogue generation. */
export interface CatalogueCache {
  /**
   * `load()`'s answer, kept for `key` while the generation it was loaded under is current (and at most the
   * cache's lifetime). Concurrent callers of one key share one load; a failed load is not kept. Without a
   * current generation, `load()` is called every time.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A bounded cache of catalogue reads (lru-cache: least recently used out first, a lifetime, loads coalesced). */
export function createCatalogueCache(
  generation: Pick<CatalogueGeneration, "current">,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): CatalogueCache {
  // A box, as lru-cache keeps no undefined (a product that is not there is an answer too).
  const kept = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: options.max ?? CATALOGUE_CACHE_MAX_ENTRIES,
    ttl: options.ttlMs ?? CATALOGUE_CACHE_MS,
    // A load pushed out by newer keys still answers the callers waiting for it.
    ignoreFetchAbort: true,
    // A clock of the caller's (tests) is read on every check, not once per millisecond.
    ...(options.now && { perf: { now: options.now }, ttlResolution: 0 }),
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const current = generation.current();
      if (current === undefined) return load();
      // A header value holds no line break: the generation cannot run into the key.
      const box = await kept.fetch(`${current}\n${key}`, { context: load });
      return box?.value as T;
    },
  };
}

/** The API's catalogue caching: a generation and the reads kept under it. */
export interface CatalogueCaching {
  generation: CatalogueGeneration;
  reads: CatalogueCache;
}

/** Catalogue caching for `db`, its generation watched until `generation.stop()`. */
export function catalogueCaching(db: Db, options: GenerationWatchOptions & { ttlMs?: number; max?: number }): CatalogueCaching {
  const generation = watchCatalogueGeneration(db, options);
  return { generation, reads: createCatalogueCache(generation, options) };
}

/** No catalogue caching: every read goes to the database (tests, benches of the queries). */
export const NO_CATALOGUE_CACHING: CatalogueCaching = {
  generation: { current: () => undefined, check: async () => {}, stop: () => {} },
  reads: { read: (_key, load) => load() },
};
