import { sql, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "#api/db/connect.ts";
import { migrateToLatest, migrationsFor } from "#api/db/migrate.ts";
import type { Database } from "#api/db/schema.ts";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { setVariantStock } from "#api/operator/stock.ts";
import { checkoutCatalogue, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { emptyDatabase, type FreshApi, freshApi } from "#api/testing/harness.ts";
import { waitForALockWait } from "#api/testing/locks.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { importSatinSet, insertCatalogue, insertCategory, insertProduct } from "./testing-fixtures.ts";

/**
 * product_facet_counts is a summary of the active products that the filtered listing's total is read from:
 * every write path keeps it in step, so size, stock, price and category filters answer as a count would.
 */

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const IN_STOCK = `stock_status=${encodeURIComponent("In Stock")}`;
const OUT_OF_STOCK = `stock_status=${encodeURIComponent("Out of Stock")}`;

async function listing(query: string) {
  const { body } = await api.call<{ data: ProductSummaryDto[] }>("GET", `/public/products?${query}&limit=100`);
  return { names: body.data.map((product) => product.name).sort(), total: body.pagination?.total };
}

type FacetKey = {
  current_price_pence: number;
  category_id: number;
  size_mask: number;
  in_stock: number;
  color_key?: string;
  colour_set_id?: number;
};
const facetKey = (row: FacetKey) =>
  `${row.color_key ?? row.colour_set_id ?? ""}/${row.current_price_pence}/${row.category_id}/${row.size_mask}/${Number(row.in_stock)}`;

/** Whether a product has stock, as the kept counts' in_stock column says it (0 or 1). */
const inStockOf = (db: Db) => (db.dialect === "postgres" ? sql<number>`(stock_total > 0)::int` : sql<number>`stock_total > 0`);

/** Keys (`keyOf` a row) whose stored count differs from the counted one, with both figures. */
function mismatches<Row extends { products: number }>(counted: Row[], stored: Row[], keyOf: (row: Row) => string) {
  const expected = new Map(counted.map((row) => [keyOf(row), Number(row.products)]));
  const actual = new Map(stored.map((row) => [keyOf(row), Number(row.products)]));
  return [...new Set([...expected.keys(), ...actual.keys()])]
    .filter((combination) => expected.get(combination) !== actual.get(combination))
    .map((combination) => ({ combination, counted: expected.get(combination), stored: actual.get(combination) }));
}

/**
 * Combinations whose stored count differs from a count of the active products, with both figures: in
 * product_facet_counts, and per colour of the products' variants in product_colour_facet_counts.
 */
async function facetMismatches(db: Db = api.db): Promise<unknown[]> {
  const inStock = inStockOf(db);
  const counted = await db.kysely
    .selectFrom("products")
    .where("status", "=", "Active")
    .select(["current_price_pence", "category_id", "size_mask", inStock.as("in_stock"), (eb) => eb.fn.countAll<number>().as("products")])
    .groupBy(["current_price_pence", "category_id", "size_mask", inStock])
    .execute();
  const stored = await db.kysely.selectFrom("product_facet_counts").selectAll().where("products", ">", 0).execute();
  const colourKey = sql<string>`lower(product_variants.color_name)`;
  const countedByColour = await db.kysely
    .selectFrom("products")
    .innerJoin("product_variants", "product_variants.product_id", "products.id")
    .where("status", "=", "Active")
    .select([
      colourKey.as("color_key"),
      "current_price_pence",
      "category_id",
      "size_mask",
      inStock.as("in_stock"),
      sql<number>`count(DISTINCT products.id)`.as("products"),
    ])
    .groupBy([colourKey, "current_price_pence", "category_id", "size_mask", inStock])
    .execute();
  const storedByColour = await db.kysely.selectFrom("product_colour_facet_counts").selectAll().where("products", ">", 0).execute();
  return [
    ...mismatches(counted, stored, facetKey),
    ...mismatches(countedByColour, storedByColour, facetKey),
    ...(await colourSetMismatches(db)),
  ];
}

/**
 * Products whose set (product_colour_sets, through colour_set_members) is not the set of their variants'
 * colours, sets named twice, and combinations of product_colour_set_counts that differ from a count of the
 * active products by their set (a row left at 0 included: it is deleted).
 */
async function colourSetMismatches(db: Db): Promise<unknown[]> {
  const members = await db.kysely.selectFrom("colour_set_members").select(["colour_set_id", "color_key"]).execute();
  const setColours = new Map<number, string[]>();
  for (const { colour_set_id, color_key } of members) setColours.set(colour_set_id, [...(setColours.get(colour_set_id) ?? []), color_key]);
  const named = (colours: string[] | undefined) => (colours ? [...colours].sort().join("|") : "");
  const variants = await db.kysely.selectFrom("product_variants").select(["product_id", "color_name"]).execute();
  const productColours = new Map<number, Set<string>>();
  for (const { product_id, color_name } of variants) {
    productColours.set(product_id, (productColours.get(product_id) ?? new Set()).add(color_name.toLowerCase()));
  }
  const products = await db.kysely
    .selectFrom("products")
    .leftJoin("product_colour_sets", "product_colour_sets.product_id", "products.id")
    .select(["products.id", "product_colour_sets.colour_set_id"])
    .execute();
  const wrongSets = products
    .map((product) => ({
      product: product.id,
      expected: named(productColours.has(product.id) ? [...(productColours.get(product.id) ?? [])] : undefined),
      stored: named(product.colour_set_id === null ? undefined : setColours.get(product.colour_set_id)),
    }))
    .filter(({ expected, stored }) => expected !== stored);
  const setNames = [...setColours.values()].map(named);
  const namedTwice = setNames.filter((name, index) => setNames.indexOf(name) !== index).map((name) => ({ namedTwice: name }));

  const inStock = inStockOf(db);
  const counted = await db.kysely
    .selectFrom("products")
    .innerJoin("product_colour_sets", "product_colour_sets.product_id", "products.id")
    .where("status", "=", "Active")
    .select([
      "colour_set_id",
      "current_price_pence",
      "category_id",
      "size_mask",
      inStock.as("in_stock"),
      (eb) => eb.fn.countAll<number>().as("products"),
    ])
    .groupBy(["colour_set_id", "current_price_pence", "category_id", "size_mask", inStock])
    .execute();
  // Every row counts some product: one that falls to 0 is deleted.
  const stored = await db.kysely.selectFrom("product_colour_set_counts").selectAll().execute();
  return [...wrongSets, ...namedTwice, ...mismatches(counted, stored, facetKey), ...(await colourSetTotalMismatches(db))];
}

/** Sets and prices whose colour_set_totals row differs from a count of their Active products (a row at 0: none). */
async function colourSetTotalMismatches(db: Db): Promise<unknown[]> {
  const counted = await db.kysely
    .selectFrom("products")
    .innerJoin("product_colour_sets", "product_colour_sets.product_id", "products.id")
    .where("status", "=", "Active")
    .select(["colour_set_id", "current_price_pence", (eb) => eb.fn.countAll<number>().as("products")])
    .groupBy(["colour_set_id", "current_price_pence"])
    .execute();
  const stored = await db.kysely.selectFrom("colour_set_totals").selectAll().where("products", ">", 0).execute();
  return mismatches(counted, stored, (row) => `${row.colour_set_id}/${row.current_price_pence}`);
}

it("a checkout that sells the last unit moves the product from the In Stock listing to the Out of Stock one", async () => {
  const shop = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const oneSize = `size=${encodeURIComponent("One Size")}`;
  expect(await listing(`${oneSize}&${IN_STOCK}`)).toEqual({ names: ["Chiffon Scarf"], total: 1 });

  const sale = await pay(
    api,
    shopper.token,
    paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 10 }]),
  );
  expect(sale.status).toBe(200);
  expect(await listing(`${oneSize}&${IN_STOCK}`)).toEqual({ names: [], total: 0 });
  expect(await listing(`${oneSize}&${OUT_OF_STOCK}`)).toEqual({ names: ["Chiffon Scarf"], total: 1 });
  expect(await listing(`max_price=30&${OUT_OF_STOCK}`)).toEqual({ names: ["Chiffon Scarf"], total: 1 });
  expect(await facetMismatches()).toEqual([]);
});

it("an import adds to the size and stock filters, and stock:set moves a product between them", async () => {
  await insertCatalogue(api.db);
  const xl = `size=XL`;
  const before = await listing(`${xl}&${OUT_OF_STOCK}`);
  const imported = await importSatinSet(api.db, "Dresses", [
    { size: "XL", stock: 0 },
    { size: "XXL", stock: 0 },
  ]);
  expect(imported).toEqual({ ok: true, imported: 1 });
  expect(await listing(`${xl}&${OUT_OF_STOCK}`)).toEqual({ names: [...before.names, "Satin Set"].sort(), total: (before.total ?? 0) + 1 });
  expect(await listing(`size=XXL`)).toEqual({ names: ["Satin Set"], total: 1 });
  expect(await listing(`size=XXL&${IN_STOCK}`)).toEqual({ names: [], total: 0 });

  await setVariantStock(api.db, "SET-XXL", 3);
  expect(await listing(`size=XXL&${IN_STOCK}&category=Dresses&min_price=50&max_price=50`)).toEqual({ names: ["Satin Set"], total: 1 });
  expect(await listing(`${xl}&${OUT_OF_STOCK}`)).toEqual(before);
  await setVariantStock(api.db, "SET-XXL", 0);
  expect(await listing(`size=XXL&${IN_STOCK}`)).toEqual({ names: [], total: 0 });
  expect(await facetMismatches()).toEqual([]);
});

it("stays equal to a count of the products through the seed, price, category and status changes, and deletes", async () => {
  await seedDemoIfEmpty(api.db);
  await seedSyntheticProducts(api.db, 200, { batchSize: 70 });
  expect(await facetMismatches()).toEqual([]);
  const [first, second] = await api.db.kysely.selectFrom("categories").select("id").orderBy("id").limit(2).execute();
  const products = api.db.kysely.updateTable("products");
  // Several rows per statement, some already in the state they are set to.
  await products.set({ current_price_pence: 4_999 }).where("id", "<=", 20).execute();
  await products.set({ category_id: second.id }).where("id", ">", 150).execute();
  await products.set({ status: "Inactive" }).where("category_id", "=", first.id).execute();
  await products
    .set((eb) => ({ stock_total: eb("stock_total", "*", 0) }))
    .where("id", "in", [3, 30, 60])
    .execute();
  await products.set({ size_mask: 1, stock_total: 7 }).where("id", "in", [5, 50]).execute();
  await api.db.kysely.deleteFrom("products").where("id", "in", [7, 8, 70]).execute();
  await products.set({ status: "Active" }).where("id", "<", 10).execute();
  expect(await facetMismatches()).toEqual([]);
  const counted = await api.db.kysely
    .selectFrom("products")
    .where("status", "=", "Active")
    .where("current_price_pence", "<=", 5_000)
    .where("stock_total", ">", 0)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect((await listing(`max_price=50&${IN_STOCK}`)).total).toBe(Number(counted.n));
});

it("counts a product once per colour and once per set of colours through its variants' changes, and a listing's total with colours is that count", async () => {
  await seedDemoIfEmpty(api.db);
  await seedSyntheticProducts(api.db, 150, { batchSize: 40 });
  expect(await facetMismatches()).toEqual([]);
  const variants = api.db.kysely.updateTable("product_variants");
  const [first, second] = await api.db.kysely.selectFrom("product_variants").select(["id", "product_id"]).orderBy("id").limit(2).execute();
  // A colour renamed on one variant (the product may keep it through others), several variants at once, a move.
  await variants.set({ color_name: "Saffron" }).where("id", "=", first.id).execute();
  const firstOf = (productId: number) =>
    api.db.kysely
      .selectFrom("product_variants")
      .select((eb) => eb.fn.min("id").as("id"))
      .where("product_id", "=", productId);
  await variants
    .set({ color_name: "SAFFRON" })
    .where((eb) => eb.or([40, 41, 47].map((productId) => eb("id", "=", firstOf(productId)))))
    .execute();
  await variants.set({ product_id: 42, color_name: "Teal" }).where("id", "=", second.id).execute();
  await api.db.kysely.deleteFrom("product_variants").where("product_id", "in", [43, 44]).where("size", "=", "M").execute();
  // Every variant of one colour of two products at once: each product's set loses that colour.
  const colourOf = (productId: number) =>
    api.db.kysely.selectFrom("product_variants").select("color_name").where("product_id", "=", productId).orderBy("id").limit(1);
  await api.db.kysely
    .deleteFrom("product_variants")
    .where((eb) =>
      eb.or([48, 49].map((productId) => eb.and([eb("product_id", "=", productId), eb("color_name", "=", colourOf(productId))]))),
    )
    .execute();
  // Every variant of an Active product: it has no colours, so no set.
  await api.db.kysely.deleteFrom("product_variants").where("product_id", "=", 39).execute();
  await api.db.kysely.deleteFrom("products").where("id", "in", [45, 46]).execute();
  await api.db.kysely.updateTable("products").set({ status: "Inactive" }).where("id", "=", 41).execute();
  await api.db.kysely.updateTable("products").set({ current_price_pence: 1_234 }).where("id", "in", [40, 42]).execute();
  expect(await facetMismatches()).toEqual([]);

  const cases = [
    { query: "color=saffron", colours: ["saffron"], maxPence: undefined },
    { query: "color=Sage&max_price=60", colours: ["sage"], maxPence: 6_000 },
    { query: `color=Ivory&${IN_STOCK}`, colours: ["ivory"], maxPence: undefined, inStock: true },
    { query: "color=Sage,Ivory", colours: ["sage", "ivory"], maxPence: undefined },
    { query: "color=Sage,Ivory,Teal&sort=price_high_low", colours: ["sage", "ivory", "teal"], maxPence: undefined },
    { query: "color=Ivory,saffron&sort=name_a_z", colours: ["ivory", "saffron"], maxPence: undefined },
    { query: "color=SAGE,Ivory,saffron,Teal&max_price=60", colours: ["sage", "ivory", "saffron", "teal"], maxPence: 6_000 },
    { query: `color=Teal,saffron&${IN_STOCK}`, colours: ["teal", "saffron"], maxPence: undefined, inStock: true },
  ];
  for (const { query, colours, maxPence, inStock } of cases) {
    const { body } = await api.call<{ data: ProductSummaryDto[] }>("GET", `/public/products?${query}&limit=100&page=1`);
    const counted = await api.db.kysely
      .selectFrom("products")
      .where("status", "=", "Active")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("product_variants")
            .select(sql.lit(1).as("one"))
            .whereRef("product_variants.product_id", "=", "products.id")
            .where(sql<string>`lower(product_variants.color_name)`, "in", colours),
        ),
      )
      .$if(maxPence !== undefined, (q) => q.where("current_price_pence", "<=", maxPence ?? 0))
      .$if(inStock === true, (q) => q.where("stock_total", ">", 0))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n), query).toBeGreaterThan(0);
    expect(body.pagination?.total, query).toBe(Number(counted.n));
    expect(body.data.length, query).toBe(Math.min(100, Number(counted.n)));
  }
});

/** A new database migrated up to `migration` (its name), holding the demo catalogue and 120 synthetic products. */
async function catalogueMigratedTo(migration: string) {
  const database = await emptyDatabase(1);
  const { db } = database;
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
  expect((await migrator.migrateTo(migration)).error).toBeUndefined();
  await seedDemoIfEmpty(db);
  await seedSyntheticProducts(db, 120, { batchSize: 50 });
  return database;
}

it("names each product's set of colours, and counts the sets, for a catalogue written before the sets existed", async () => {
  const database = await catalogueMigratedTo("20261129000600_active_price_index_by_id");
  try {
    const { db } = database;
    await db.kysely.updateTable("products").set({ status: "Inactive" }).where("id", "<", 5).execute();

    await migrateToLatest(db);
    const named = await db.kysely.selectFrom("product_colour_sets").select("product_id").execute();
    expect(named.length).toBeGreaterThan(100);
    expect(await colourSetMismatches(db)).toEqual([]);
  } finally {
    await database.drop();
  }
});

if (process.env.TEST_PG_ADMIN_URL) {
  it("counts every kept count again from the products when a write fell between a count's fill and its triggers", async () => {
    const database = await catalogueMigratedTo("20261130000200_product_search_vectors");
    try {
      const { db } = database;
      // What a write no trigger saw leaves: counts off by it, combinations missing, a product in another set.
      await sql`UPDATE product_counts SET active_products = active_products + 1`.execute(db.kysely);
      await sql`UPDATE product_facet_counts SET products = products + 1
        WHERE ctid IN (SELECT ctid FROM product_facet_counts LIMIT 3)`.execute(db.kysely);
      await sql`DELETE FROM product_colour_facet_counts WHERE ctid IN (SELECT ctid FROM product_colour_facet_counts LIMIT 3)`.execute(
        db.kysely,
      );
      await sql`UPDATE product_colour_set_counts SET products = products + 2
        WHERE ctid IN (SELECT ctid FROM product_colour_set_counts LIMIT 3)`.execute(db.kysely);
      await sql`DELETE FROM colour_set_totals WHERE ctid IN (SELECT ctid FROM colour_set_totals LIMIT 3)`.execute(db.kysely);
      await sql`UPDATE product_colour_sets SET colour_set_id = (SELECT max(id) FROM colour_sets)
        WHERE product_id = (SELECT min(product_id) FROM product_colour_sets WHERE colour_set_id <> (SELECT max(id) FROM colour_sets))`.execute(
        db.kysely,
      );
      await sql`DELETE FROM product_colour_sets WHERE product_id = (SELECT max(product_id) FROM product_colour_sets)`.execute(db.kysely);
      const activeCount = async () => {
        const stored = await db.kysely.selectFrom("product_counts").select("active_products").executeTakeFirstOrThrow();
        const counted = await db.kysely
          .selectFrom("products")
          .where("status", "=", "Active")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        return Number(stored.active_products) - Number(counted.n);
      };
      expect(await activeCount()).toBe(1);
      expect((await facetMismatches(db)).length).toBeGreaterThanOrEqual(13);

      await migrateToLatest(db);
      expect(await activeCount()).toBe(0);
      expect(await facetMismatches(db)).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it("gives a product both colours two transactions add to it at once", async () => {
    const categoryId = await insertCategory(api.db, "Coords");
    const productId = await insertProduct(api.db, {
      name: "Crepe Set",
      categoryId,
      pricePence: 5000,
      variants: [{ color: "Sand", size: "M", stock: 2 }],
    });
    const addColour = (trx: Transaction<Database>, color: string) =>
      trx
        .insertInto("product_variants")
        .values({
          product_id: productId,
          sku: `SET-${color}`,
          color_name: color,
          color_code: "#000000",
          color_image: null,
          size: "M",
          stock: 2,
          extra_price_pence: 0,
        })
        .execute();
    const firstAdded = Promise.withResolvers<void>();
    const first = api.db.kysely.transaction().execute(async (trx) => {
      await addColour(trx, "Teal");
      firstAdded.resolve();
      // Held open until the second transaction waits on the product: it then reads the variants after this commits.
      await waitForALockWait(api.db);
    });
    await firstAdded.promise;
    const second = api.db.kysely.transaction().execute((trx) => addColour(trx, "Ink"));
    await Promise.all([first, second]);

    expect(await colourSetMismatches(api.db)).toEqual([]);
    const { total } = await listing("color=teal,ink");
    expect(total).toBe(1);
  });
}
