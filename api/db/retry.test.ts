import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "#api/catalogue/testing-fixtures.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { connect } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";
import { isTransientConflict, retryLostRaces, TRANSACTION_ATTEMPTS, transactionWithRetry } from "./retry.ts";

const onPostgres = Boolean(process.env.TEST_PG_ADMIN_URL);
const conflict = (code: string) => Object.assign(new Error(`lost a race (${code})`), { code });

describe("isTransientConflict", () => {
  it("knows deadlocks, serialization failures and a busy SQLite, and nothing else", () => {
    for (const code of ["40P01", "40001", "SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT"]) expect(isTransientConflict(conflict(code))).toBe(true);
    for (const error of [conflict("23505"), conflict("SQLITE_CONSTRAINT"), new Error("boom"), null, "40P01"]) {
      expect(isTransientConflict(error)).toBe(false);
    }
  });
});

describe("retryLostRaces", () => {
  it("runs work that failed with a lost race as its cause again (a migration the migrator wraps), and nothing else", async () => {
    let tries = 0;
    const migrated = await retryLostRaces(async () => {
      tries++;
      if (tries < 2) throw new Error("Migration 20990101000000_example failed", { cause: conflict("40P01") });
      return "migrated";
    });
    expect({ migrated, tries }).toEqual({ migrated: "migrated", tries: 2 });

    tries = 0;
    const failing = retryLostRaces(async () => {
      tries++;
      throw new Error("Migration 20990101000000_example failed", { cause: conflict("23505") });
    });
    await expect(failing).rejects.toThrow("example failed");
    expect(tries).toBe(1);
  });
});

describe("transactionWithRetry", () => {
  let api: FreshApi;
  beforeEach(async () => {
    api = await freshApi();
  });
  afterEach(() => api.close());

  const viewsOf = async (id: number) =>
    (await api.db.kysely.selectFrom("products").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count;
  const addView = (trx: Parameters<Parameters<typeof transactionWithRetry>[1]>[0], id: number) =>
    trx
      .updateTable("products")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", id)
      .execute();

  async function twoProducts() {
    const category = await insertCategory(api.db, "Scarves");
    return Promise.all(["Silk", "Linen"].map((name) => insertProduct(api.db, { name, categoryId: category, pricePence: 1_000 })));
  }

  it("runs the work again after a lost race, with its writes rolled back each time, and gives up after a few tries", async () => {
    const [product] = await twoProducts();
    let tries = 0;
    const answer = await transactionWithRetry(api.db, async (trx) => {
      tries++;
      await addView(trx, product);
      if (tries < 3) throw conflict(tries === 1 ? "40P01" : "40001");
      return "done";
    });
    expect({ answer, tries, views: await viewsOf(product) }).toEqual({ answer: "done", tries: 3, views: 1 });

    tries = 0;
    const always = transactionWithRetry(api.db, async () => {
      tries++;
      throw conflict("40P01");
    });
    await expect(always).rejects.toMatchObject({ code: "40P01" });
    expect(tries).toBe(TRANSACTION_ATTEMPTS);

    tries = 0;
    await expect(
      transactionWithRetry(api.db, async () => {
        tries++;
        throw new Error("not a race");
      }),
    ).rejects.toThrow("not a race");
    expect(tries).toBe(1);
  });

  if (onPostgres) {
    it("retries the loser of a real deadlock (two transactions locking two rows in opposite orders), and both succeed", async () => {
      const [silk, linen] = await twoProducts();
      // Each transaction takes its first row, then waits until the other has taken its own: a certain deadlock.
      const firstLockTaken = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
      let tries = 0;
      const lockBoth = (index: number, first: number, second: number) => {
        let metTheOther = false;
        return transactionWithRetry(api.db, async (trx) => {
          tries++;
          await addView(trx, first);
          if (!metTheOther) {
            metTheOther = true;
            firstLockTaken[index].resolve();
            await Promise.all(firstLockTaken.map((taken) => taken.promise));
          }
          await addView(trx, second);
        });
      };
      await Promise.all([lockBoth(0, silk, linen), lockBoth(1, linen, silk)]);
      expect(tries).toBe(3);
      expect([await viewsOf(silk), await viewsOf(linen)]).toEqual([2, 2]);
    });
  } else {
    it("retries a transaction that found the SQLite file locked by another process past its busy timeout", async () => {
      const dir = mkdtempSync(join(tmpdir(), "shop-retry-"));
      const file = join(dir, "shop.db");
      const db = connect(`file:${file}`);
      const other = new SQLite(file);
      try {
        await migrateToLatest(db);
        await sql`PRAGMA busy_timeout = 0`.execute(db.kysely);
        other.exec("BEGIN IMMEDIATE");
        let waits = 0;
        await transactionWithRetry(
          db,
          async (trx) => {
            await trx.insertInto("server_secrets").values({ name: "retry", value: "x", created_at: "2026-11-26T00:00:00.000Z" }).execute();
          },
          {
            // The other process finishes while this one waits to try again.
            random: () => {
              waits++;
              other.exec("COMMIT");
              return 0;
            },
          },
        );
        expect(waits).toBe(1);
        expect(await db.kysely.selectFrom("server_secrets").select("name").where("name", "=", "retry").execute()).toHaveLength(1);
      } finally {
        other.close();
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
