import { sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { prepareBackendDatabase } from "#api/bootstrap.ts";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { readBackendConfig } from "#api/config.ts";
import { checkoutCatalogue, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { emptyDatabase, type FreshApi, freshApi } from "#api/testing/harness.ts";
import { waitForALockWait } from "#api/testing/locks.ts";
import type { Db } from "./connect.ts";
import { MigrationHistoryError, migrateToLatest, migrationsFor } from "./migrate.ts";
import { prepareDatabase } from "./prepare.ts";

let drop: (() => Promise<void>) | undefined;
let api: FreshApi | undefined;
afterEach(async () => {
  await drop?.();
  await api?.close();
  drop = api = undefined;
});

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
        .set({ status: "lost" as never })
        .where("id", "=", paid)
        .execute(),
    ).rejects.toThrow();
  });
});

if (process.env.TEST_PG_ADMIN_URL) {
  describe("the product search vectors migration", () => {
    it("waits for a product write in flight, so the copy holds what the write committed", async () => {
      const database = await emptyDatabase(2);
      drop = database.drop;
      const [db, writer] = database.connections;
      const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
      expect((await migrator.migrateTo("20261130000100_colour_set_totals")).error).toBeUndefined();
      const { products } = await insertCatalogue(db);

      let migrated: Promise<unknown> | undefined;
      await writer.kysely.transaction().execute(async (trx) => {
        await trx.updateTable("products").set({ name: "Sable Abaya" }).where("id", "=", products.silkAbaya).execute();
        migrated = migrateToLatest(db);
        await waitForALockWait(db);
      });
      await migrated;

      const { rows } = await sql<{ product_id: number }>`SELECT product_id FROM product_search_vectors
        WHERE search_vector @@ to_tsquery('english', 'sable')`.execute(db.kysely);
      expect(rows).toEqual([{ product_id: products.silkAbaya }]);
    });
  });
}

/** A migration of a release newer than this one, written expand-only: a new table, a nullable and a defaulted column. */
const NEWER_MIGRATION = "29990101000000_gift_wrapping";
const giftWrapping: Migration = {
  async up(db) {
    await db.schema
      .createTable("gift_wraps")
      .addColumn("id", "integer", (col) => col.primaryKey())
      .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
      .addColumn("message", "text")
      .execute();
    await db.schema.alterTable("orders").addColumn("gift_wrap_id", "integer").execute();
    await db.schema
      .alterTable("products")
      .addColumn("care_notes", "text", (col) => col.notNull().defaultTo(""))
      .execute();
  },
};

/** What the newer release does to the database when it starts: every migration of this one, then its own. */
async function migrateAsNewerRelease(db: Db): Promise<void> {
  const provider = { getMigrations: async () => ({ ...migrationsFor(db), [NEWER_MIGRATION]: giftWrapping }) };
  const { error } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  expect(error).toBeUndefined();
}

const recordAsRun = (db: Db, name: string) =>
  db.kysely
    .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
    .insertInto("kysely_migration")
    .values({ name, timestamp: new Date().toISOString() })
    .execute();

const executedNames = async (db: Db) =>
  (await db.kysely.withTables<{ kysely_migration: { name: string } }>().selectFrom("kysely_migration").select("name").execute()).map(
    (row) => row.name,
  );

function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { logger, entries: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; migrations?: string[] }) };
}

const config = readBackendConfig({ SEED_DEMO: "never" });

describe("a release on a database a newer release migrated (rolling deploys and rollbacks)", () => {
  it("starts with a warning naming the newer migrations, and serves the catalogue and takes orders", async () => {
    api = await freshApi();
    await migrateAsNewerRelease(api.db);
    const { logger, entries } = capturedLogger();

    await prepareBackendDatabase(api.db, config, logger);

    expect(entries()).toContainEqual(
      expect.objectContaining({ level: 40, migrations: [NEWER_MIGRATION], msg: expect.stringContaining("ahead of this release") }),
    );
    const shop = await checkoutCatalogue(api);
    const listing = await api.call("GET", "/public/products");
    expect(listing.status).toBe(200);
    expect(listing.body.data.map((product: { id: number }) => product.id).sort()).toEqual([shop.abaya, shop.scarf].sort());
    const shopper = await shopperWithAddress(api);
    const order = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    expect(order.status).toBe(200);
    expect(order.body.data.payment_status).toBe("paid");
  });

  it("lets instances start together on the newer schema, each under the migration locks", async () => {
    const database = await emptyDatabase(3);
    drop = database.drop;
    await migrateAsNewerRelease(database.db);

    const outcomes = await Promise.all(database.connections.map((db) => prepareDatabase(db, { seedDemo: false })));

    expect(outcomes).toEqual(Array.from({ length: 3 }, () => ({ seeded: false, newerMigrations: [NEWER_MIGRATION] })));
  });

  it("refuses a migration it does not know named before one of its own: another line of history", async () => {
    api = await freshApi();
    const otherLine = "20261122500000_other_line";
    await recordAsRun(api.db, otherLine);

    const start = prepareBackendDatabase(api.db, config, capturedLogger().logger);

    await expect(start).rejects.toThrow(MigrationHistoryError);
    const lastKnown = Object.keys(migrationsFor(api.db)).sort().at(-1);
    await expect(start).rejects.toThrow(`before its own last migration ${lastKnown}: ${otherLine}`);
  });

  it("refuses to run its own pending migrations after a newer release's, and runs none", async () => {
    const database = await emptyDatabase(1);
    drop = database.drop;
    const { db } = database;
    const names = Object.keys(migrationsFor(db)).sort();
    const [secondLast, last] = names.slice(-2);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
    expect((await migrator.migrateTo(secondLast)).error).toBeUndefined();
    await recordAsRun(db, NEWER_MIGRATION);

    await expect(prepareBackendDatabase(db, config, capturedLogger().logger)).rejects.toThrow(
      `this release has migrations to run (${last}) on a database a newer release already migrated (${NEWER_MIGRATION})`,
    );
    expect(await executedNames(db)).not.toContain(last);
  });
});
