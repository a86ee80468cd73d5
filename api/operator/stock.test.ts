import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue } from "#api/catalogue/testing-fixtures.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { repairStockDrift, setVariantStock } from "./stock.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const stockTotal = async (id: number) =>
  (await api.db.kysely.selectFrom("products").select("stock_total").where("id", "=", id).executeTakeFirstOrThrow()).stock_total;
const variantSum = async (id: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("product_id", "=", id).execute()).reduce(
    (sum, variant) => sum + variant.stock,
    0,
  );

describe("operator stock", () => {
  it("sets a variant's stock and recomputes its product's total from the variants, whatever the total was", async () => {
    const { products } = await insertCatalogue(api.db);
    const { sku } = await api.db.kysely
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "=", products.linenDress)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await api.db.kysely.updateTable("products").set({ stock_total: 0 }).where("id", "=", products.linenDress).execute();
    expect(await setVariantStock(api.db, sku, 12)).toMatchObject({ to: 12 });
    expect(await stockTotal(products.linenDress)).toBe(await variantSum(products.linenDress));
    expect(await setVariantStock(api.db, "NO-SUCH-SKU", 1)).toBeUndefined();
  });

  it("repairs every drifted total and only those, answering what it repaired", async () => {
    const { products } = await insertCatalogue(api.db);
    expect(await repairStockDrift(api.db)).toEqual([]);
    await api.db.kysely.updateTable("products").set({ stock_total: 777 }).where("id", "=", products.linenDress).execute();
    const [repaired, ...others] = await repairStockDrift(api.db);
    expect(others).toEqual([]);
    expect(repaired).toMatchObject({ id: products.linenDress, stockTotal: 777, variantSum: await variantSum(products.linenDress) });
    expect(await stockTotal(products.linenDress)).toBe(await variantSum(products.linenDress));
    expect(await repairStockDrift(api.db)).toEqual([]);
  });
});
