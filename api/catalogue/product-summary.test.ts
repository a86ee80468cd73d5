import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "#api/db/connect.ts";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { setVariantStock } from "#api/operator/stock.ts";
import { freshApi } from "#api/testing/harness.ts";
import { sizeMask } from "./size-mask.ts";
import { importSatinSet } from "./testing-fixtures.ts";

/** products.stock_total and products.size_mask are summaries of the variants: every write path keeps them in step. */

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await freshApi());
});
afterEach(() => close());

/** Products whose summary columns disagree with their variants, with both figures. */
async function summaryMismatches(): Promise<unknown[]> {
  const products = await db.kysely.selectFrom("products").select(["id", "stock_total", "size_mask"]).execute();
  const variants = await db.kysely.selectFrom("product_variants").select(["product_id", "size", "stock"]).execute();
  return products.flatMap((product) => {
    const own = variants.filter((variant) => variant.product_id === product.id);
    const expected = {
      stock_total: own.reduce((sum, variant) => sum + variant.stock, 0),
      size_mask: sizeMask(own.map((variant) => variant.size)),
    };
    return expected.stock_total === product.stock_total && expected.size_mask === product.size_mask ? [] : [{ product, expected }];
  });
}

it("sets one bit per size the variants have, and none for a size outside the list", () => {
  expect(sizeMask([])).toBe(0);
  expect(sizeMask(["XS", "M", "M", "One Size"])).toBe(0b1000101);
  expect(sizeMask(["Petite"])).toBe(0);
});

it("stays in step through the demo seed and the synthetic generator", async () => {
  await seedDemoIfEmpty(db);
  await seedSyntheticProducts(db, 300, { batchSize: 100 });
  expect(await summaryMismatches()).toEqual([]);
  const masks = await db.kysely.selectFrom("products").select("size_mask").distinct().execute();
  expect(masks.length).toBeGreaterThan(1);
});

it("stays in step through a product import and an operator's stock change", async () => {
  await db.kysely
    .insertInto("categories")
    .values({ name: "Coords", slug: "coords", collection: "Coords", description: "", image_url: "/c.jpg", status: "Active", sort_order: 1 })
    .execute();
  const result = await importSatinSet(db, "Coords", [
    { size: "S", stock: 2 },
    { size: "XL", stock: 0 },
  ]);
  expect(result).toEqual({ ok: true, imported: 1 });
  const product = await db.kysely
    .selectFrom("products")
    .select(["stock_total", "size_mask"])
    .where("sku", "=", "SET")
    .executeTakeFirstOrThrow();
  expect(product).toEqual({ stock_total: 2, size_mask: sizeMask(["S", "XL"]) });
  await setVariantStock(db, "SET-XL", 5);
  expect(await summaryMismatches()).toEqual([]);
});
