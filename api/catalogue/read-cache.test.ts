import type { Kysely } from "kysely";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connect } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import type { Database } from "#api/db/schema.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { CATALOGUE_CACHE_MAX_ENTRIES, type CatalogueGeneration, createCatalogueCache, watchCatalogueGeneration } from "./read-cache.ts";

const silent = pino({ level: "silent" });

/** A generation the test sets by hand. */
function generationAt(value: number | undefined) {
  const generation = { value, current: () => generation.value };
  return generation;
}

describe("createCatalogueCache", () => {
  it("answers a key from memory while the generation holds, and loads again under the next", async () => {
    const generation = generationAt(1);
    const cache = createCatalogueCache(generation);
    const load = vi.fn(async () => ["dress"]);
    const first = await cache.read("latest:8", load);
    expect(await cache.read("latest:8", load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.read("latest:4", load);
    expect(load).toHaveBeenCalledTimes(2);

    generation.value = 2;
    await cache.read("latest:8", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("loads every time while no generation is current", async () => {
    const generation = generationAt(undefined);
    const cache = createCatalogueCache(generation);
    const load = vi.fn(async () => 1);
    await cache.read("a", load);
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one load between concurrent callers, and keeps an answer of nothing", async () => {
    const cache = createCatalogueCache(generationAt(1));
    let finish = (_value: undefined) => {};
    const load = vi.fn(() => new Promise<undefined>((resolve) => (finish = resolve)));
    const both = Promise.all([cache.read("detail:7", load), cache.read("detail:7", load)]);
    finish(undefined);
    expect(await both).toEqual([undefined, undefined]);
    await cache.read("detail:7", load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load so the next caller tries again", async () => {
    const cache = createCatalogueCache(generationAt(1));
    const load = vi.fn().mockRejectedValueOnce(new Error("busy")).mockResolvedValueOnce(2);
    await expect(cache.read("a", load)).rejects.toThrow("busy");
    await expect(cache.read("a", load)).resolves.toBe(2);
    await expect(cache.read("a", load)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads again after the cache's lifetime, with no write", async () => {
    // lru-cache reads a start time of 0 as "no lifetime".
    let now = 10_000;
    const cache = createCatalogueCache(generationAt(1), { ttlMs: 1_000, now: () => now });
    const load = vi.fn(async () => 1);
    await cache.read("a", load);
    now = 10_999;
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 11_001;
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("holds at most its bound, the least recently used out first, and still answers a load pushed out", async () => {
    const cache = createCatalogueCache(generationAt(1));
    const load = vi.fn(async () => 1);
    let finish = (_value: string) => {};
    const slow = cache.read("slow", () => new Promise<string>((resolve) => (finish = resolve)));
    for (let i = 0; i < CATALOGUE_CACHE_MAX_ENTRIES + 50; i++) await cache.read(`list:${i}`, load);
    finish("answered");
    expect(await slow).toBe("answered");
    // The 50 oldest made room: the newest is still answered from memory, the first is read again.
    await cache.read(`list:${CATALOGUE_CACHE_MAX_ENTRIES + 49}`, load);
    expect(load).toHaveBeenCalledTimes(CATALOGUE_CACHE_MAX_ENTRIES + 50);
    await cache.read("list:0", load);
    expect(load).toHaveBeenCalledTimes(CATALOGUE_CACHE_MAX_ENTRIES + 51);
  });
});

describe("watchCatalogueGeneration", () => {
  let api: FreshApi | undefined;
  let watch: CatalogueGeneration | undefined;
  afterEach(async () => {
    watch?.stop();
    await api?.close();
  });

  /** A catalogue write: a size the filters offer. */
  const addLookupValue = (trx: Kysely<Database>) =>
    trx.insertInto("lookup_values").values({ header_id: 1, value: "XS", label: "Extra small", position: 0, status: "Active" }).execute();

  it("follows the database's generation, which a catalogue write raises in its transaction", async () => {
    api = await freshApi();
    const now = 0;
    watch = watchCatalogueGeneration(api.db, { logger: silent, checkEveryMs: 60_000, trustForMs: 2_000, now: () => now });
    await watch.check();
    const before = watch.current();
    expect(before).toEqual(expect.any(Number));

    await api.db.kysely
      .transaction()
      .execute(async (trx) => {
        await addLookupValue(trx);
        // Not yet committed: another connection (on PostgreSQL) or this one after a rollback must not see it.
        throw new Error("rolled back");
      })
      .catch(() => {});
    await watch.check();
    expect(watch.current()).toBe(before);

    await api.db.kysely.transaction().execute((trx) => addLookupValue(trx));
    expect(watch.current()).toBe(before);
    await watch.check();
    expect(watch.current()).toBe((before ?? 0) + 1);
  });

  it("knows no generation once its last successful read is older than it may be trusted, and logs the failure once", async () => {
    const db = connect(":memory:");
    await migrateToLatest(db);
    let now = 0;
    const warn = vi.fn();
    const logger = { warn, info: vi.fn() } as unknown as typeof silent;
    watch = watchCatalogueGeneration(db, { logger, checkEveryMs: 60_000, trustForMs: 2_000, now: () => now });
    await watch.check();
    expect(watch.current()).toBe(0);
    now = 1_999;
    expect(watch.current()).toBe(0);
    now = 2_000;
    expect(watch.current()).toBeUndefined();

    await db.close();
    await watch.check();
    await watch.check();
    expect(watch.current()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
