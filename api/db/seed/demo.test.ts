import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#api/db/connect.ts";
import { freshApi } from "#api/testing/harness.ts";
import { COLLECTIONS, PRODUCT_CATEGORY } from "#contract/constants.ts";
import { seedDemoIfEmpty } from "./demo.ts";

// A fresh migrated database per test: SQLite in memory, or PostgreSQL under the `postgres` test project.
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await freshApi());
});
afterEach(() => close());

const countOf = async (table: "categories" | "products" | "product_variants" | "product_images" | "lookup_values" | "promo_codes") =>
  Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Product names the full-text index matches for all the words (FTS5 on SQLite, tsvector on PostgreSQL). */
const fullTextNames = async (words: string) => {
  const query =
    db.dialect === "sqlite"
      ? sql<{
          name: string;
        }>`SELECT products.name FROM products_fts JOIN products ON products.id = products_fts.rowid WHERE products_fts MATCH ${words}`
      : sql<{ name: string }>`SELECT name FROM products WHERE search_vector @@ plainto_tsquery('english', ${words})`;
  return (await query.execute(db.kysely)).rows.map((row) => row.name);
};

describe("seedDemoIfEmpty", () => {
  it("seeds active categories in all five collections, each with a description and image", async () => {
    expect(await seedDemoIfEmpty(db)).toBe(true);
    const categories = await db.kysely.selectFrom("categories").selectAll().orderBy("sort_order").execute();
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(new Set(categories.map((c) => c.collection))).toEqual(new Set(COLLECTIONS));
    for (const category of categories) {
      expect(category.status).toBe("Active");
      expect(category.description.length).toBeGreaterThan(20);
      expect(category.image_url).toMatch(/^\/images\/categories\/.+\.svg$/);
    }
    expect(new Set(categories.slice(0, 4).map((c) => c.collection)).size).toBe(4);
  });

  it("seeds at least 60 products whose stock totals match their variants, with sold-out and part-sold-out pieces", async () => {
    await seedDemoIfEmpty(db);
    expect(await countOf("products")).toBeGreaterThanOrEqual(60);
    const stock = await db.kysely
      .selectFrom("products")
      .innerJoin("product_variants", "product_variants.product_id", "products.id")
      .select((eb) => [
        "products.id",
        "products.stock_total",
        eb.fn.sum<number>("product_variants.stock").as("variant_sum"),
        eb.fn.countAll<number>().as("variants"),
        eb.fn.sum<number>(eb.case().when("product_variants.stock", "=", 0).then(1).else(0).end()).as("empty_variants"),
      ])
      .groupBy(["products.id", "products.stock_total"])
      .execute();
    expect(stock.length).toBe(await countOf("products"));
    for (const row of stock) expect(row.stock_total).toBe(Number(row.variant_sum));
    expect(stock.filter((row) => row.stock_total === 0).length).toBeGreaterThanOrEqual(5);
    expect(stock.filter((row) => row.stock_total > 0 && Number(row.empty_variants) > 0).length).toBeGreaterThanOrEqual(5);
  });

  it("varies prices, sales, fits, texts and variants believably", async () => {
    await seedDemoIfEmpty(db);
    const products = await db.kysely.selectFrom("products").selectAll().execute();
    expect(products.filter((p) => p.original_price_pence > p.current_price_pence).length).toBeGreaterThanOrEqual(5);
    expect(
      products.filter((p) => p.current_price_pence >= 3_500 && p.current_price_pence <= 32_000).length / products.length,
    ).toBeGreaterThan(0.7);
    expect(products.filter((p) => p.description.length > 220).length).toBeGreaterThan(products.length / 2);
    expect(products.some((p) => p.description.length <= 220)).toBe(true);
    expect(products.some((p) => p.materials_care === null)).toBe(true);
    expect(products.some((p) => p.materials_care !== null)).toBe(true);
    expect(products.some((p) => p.fit_required === 1)).toBe(true);
    expect(new Set(products.map((p) => p.created_at.slice(0, 7))).size).toBeGreaterThanOrEqual(6);
    expect(new Set(products.map((p) => p.units_sold)).size).toBeGreaterThan(20);

    const skus = await db.kysely.selectFrom("product_variants").select(["sku", "size", "extra_price_pence"]).execute();
    expect(new Set(skus.map((v) => v.sku)).size).toBe(skus.length);
    expect(skus.some((v) => v.extra_price_pence > 0)).toBe(true);
    expect(new Set(skus.map((v) => v.size))).toEqual(new Set(["XS", "S", "M", "L", "XL", "XXL", "One Size"]));
    expect(await countOf("product_images")).toBeGreaterThanOrEqual(2 * products.length);
  });

  it("points every image at a generated file", async () => {
    await seedDemoIfEmpty(db);
    const urls = [
      ...(await db.kysely.selectFrom("product_images").select("url").distinct().execute()).map((r) => r.url),
      ...(await db.kysely.selectFrom("categories").select("image_url as url").execute()).map((r) => r.url),
    ];
    const publicDir = join(import.meta.dirname, "../../../public");
    expect(urls.filter((url) => !existsSync(join(publicDir, url)))).toEqual([]);
  });

  it("seeds the category lookup and both promo codes with their rules", async () => {
    await seedDemoIfEmpty(db);
    const categoryLookups = await db.kysely.selectFrom("lookup_values").select("value").where("header_id", "=", PRODUCT_CATEGORY).execute();
    expect(categoryLookups.length).toBe(await countOf("categories"));
    const promos = await db.kysely.selectFrom("promo_codes").selectAll().orderBy("code").execute();
    expect(
      promos.map(({ code, discount_type, discount_value, min_basket_pence, first_purchase_only, active }) => ({
        code,
        discount_type,
        discount_value,
        min_basket_pence,
        first_purchase_only,
        active,
      })),
    ).toEqual([
      { code: "SAVE10", discount_type: "fixed", discount_value: 1_000, min_basket_pence: 7_500, first_purchase_only: 0, active: 1 },
      { code: "WELCOME10", discount_type: "percentage", discount_value: 10, min_basket_pence: 0, first_purchase_only: 1, active: 1 },
    ]);
  });

  it("lets the full-text index find products by colour and by name", async () => {
    await seedDemoIfEmpty(db);
    expect(await fullTextNames("champagne")).toContain("Safiya Pleated Satin Maxi Dress");
    expect(await fullTextNames("abayas")).toContain("Essential Crepe Abaya");
    expect(await fullTextNames("Aurelia")).toEqual(["Aurelia Embellished Abaya"]);
    expect(await fullTextNames("Zahra jacquard")).toEqual(["Zahra Floral Jacquard Maxi Dress"]);
  });

  it("is idempotent: a second call adds nothing", async () => {
    expect(await seedDemoIfEmpty(db)).toBe(true);
    const before = [
      await countOf("products"),
      await countOf("product_variants"),
      await countOf("lookup_values"),
      await countOf("promo_codes"),
    ];
    expect(await seedDemoIfEmpty(db)).toBe(false);
    expect([
      await countOf("products"),
      await countOf("product_variants"),
      await countOf("lookup_values"),
      await countOf("promo_codes"),
    ]).toEqual(before);
  });
});
