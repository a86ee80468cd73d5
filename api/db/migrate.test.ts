import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { emptyDatabase } from "#api/testing/harness.ts";
import { migrateToLatest, migrationsFor } from "./migrate.ts";

let drop: (() => Promise<void>) | undefined;
afterEach(() => drop?.());

describe("the confirmed order status migration", () => {
  it("confirms orders already paid, leaves authorised ones pending, and still refuses unknown statuses", async () => {
    const database = await emptyDatabase(1);
    drop = database.drop;
    const { db } = database;
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
    const before = await migrator.migrateTo("20261123001200_product_rating_summary");
    expect(before.error).toBeUndefined();

    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db);
    const placed = (status: "pending" | "processing") =>
      insertOrder(db, { userId, createdAt: "2026-11-20T10:00:00.000Z", status, items: [{ productId: products.linenDress, quantity: 1 }] });
    const [paid, authorised, moving] = [await placed("pending"), await placed("pending"), await placed("processing")];
    await db.kysely.updateTable("orders").set({ payment_status: "authorised" }).where("id", "=", authorised).execute();

    await migrateToLatest(db);
    const statusOf = async (id: number) =>
      (await db.kysely.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect([await statusOf(paid), await statusOf(authorised), await statusOf(moving)]).toEqual(["confirmed", "pending", "processing"]);
    await expect(
      db.kysely
        .updateTable("orders")
        .set({ status: "shipped" as never })
        .where("id", "=", paid)
        .execute(),
    ).rejects.toThrow();
  });
});
