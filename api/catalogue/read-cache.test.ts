import { describe, expect, it, vi } from "vitest";
import type { Db } from "#api/db/connect.ts";
import {
  CATALOGUE_CACHE_MAX_ENTRIES,
  cachedCatalogueRead,
  catalogueReadsGeneration,
  catalogueWrittenElsewhere,
  invalidateCatalogueReads,
  onCatalogueWrite,
} from "./read-cache.ts";

const fakeDb = () => ({}) as Db;

describe("cachedCatalogueRead", () => {
  it("answers the same key from memory until invalidated", async () => {
    const db = fakeDb();
    const read = vi.fn(async () => ["dress"]);
    await cachedCatalogueRead(db, 5_000, "latest:8", read);
    await cachedCatalogueRead(db, 5_000, "latest:8", read);
    expect(read).toHaveBeenCalledTimes(1);
    const generation = catalogueReadsGeneration(db);
    invalidateCatalogueReads(db);
    expect(catalogueReadsGeneration(db)).not.toBe(generation);
    expect(catalogueReadsGeneration(fakeDb())).toBe(0);
    await cachedCatalogueRead(db, 5_000, "latest:8", read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("tells this process's writes to the write listeners, and drops the reads for another process's write", async () => {
    const db = fakeDb();
    const listener = vi.fn();
    onCatalogueWrite(db, listener);
    invalidateCatalogueReads(fakeDb());
    expect(listener).not.toHaveBeenCalled();
    invalidateCatalogueReads(db);
    expect(listener).toHaveBeenCalledTimes(1);

    const read = vi.fn(async () => ["abaya"]);
    await cachedCatalogueRead(db, 5_000, "latest:8", read);
    const generation = catalogueReadsGeneration(db);
    catalogueWrittenElsewhere(db);
    expect(catalogueReadsGeneration(db)).not.toBe(generation);
    await cachedCatalogueRead(db, 5_000, "latest:8", read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps keys and databases apart, and reads every time when the lifetime is 0", async () => {
    const [first, second] = [fakeDb(), fakeDb()];
    const read = vi.fn(async () => 1);
    await cachedCatalogueRead(first, 5_000, "a", read);
    await cachedCatalogueRead(first, 5_000, "b", read);
    await cachedCatalogueRead(second, 5_000, "a", read);
    await cachedCatalogueRead(second, 0, "c", read);
    await cachedCatalogueRead(second, 0, "c", read);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it("expires entries after their lifetime", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const db = fakeDb();
      const read = vi.fn(async () => 1);
      await cachedCatalogueRead(db, 1_000, "a", read);
      vi.advanceTimersByTime(1_001);
      await cachedCatalogueRead(db, 1_000, "a", read);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets a failed read so the next caller tries again", async () => {
    const db = fakeDb();
    const read = vi.fn().mockRejectedValueOnce(new Error("busy")).mockResolvedValueOnce(2);
    await expect(cachedCatalogueRead(db, 5_000, "a", read)).rejects.toThrow("busy");
    await expect(cachedCatalogueRead(db, 5_000, "a", read)).resolves.toBe(2);
  });
});

describe("cachedCatalogueRead bounds", () => {
  it("holds at most the cap, dropping the oldest reads first", async () => {
    const db = fakeDb();
    const read = vi.fn(async () => 1);
    for (let i = 0; i < CATALOGUE_CACHE_MAX_ENTRIES + 50; i++) await cachedCatalogueRead(db, 5_000, `list:${i}`, read);
    // The 50 oldest made room: the newest is still answered from memory, the first is read again.
    await cachedCatalogueRead(db, 5_000, `list:${CATALOGUE_CACHE_MAX_ENTRIES + 49}`, read);
    expect(read).toHaveBeenCalledTimes(CATALOGUE_CACHE_MAX_ENTRIES + 50);
    await cachedCatalogueRead(db, 5_000, "list:0", read);
    expect(read).toHaveBeenCalledTimes(CATALOGUE_CACHE_MAX_ENTRIES + 51);
  });
});
