import { type ExpressionBuilder, sql } from "kysely";
import type { Queryable } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";

/** The sum of a product's variants' stock: what its stock_total must be. */
const variantStockSum = (eb: ExpressionBuilder<Database, "products">) =>
  eb
    .selectFrom("product_variants")
    .select(sql<number>`coalesce(sum(product_variants.stock), 0)`.as("sum"))
    .whereRef("product_variants.product_id", "=", "products.id");

/**
 * Sets the stock_total of the products `ids` to the sum of their variants' stock. Recomputed, never moved by a
 * difference, so a total that drifted once (a write outside the shop, an old bug) cannot stay wrong.
 */
export async function recomputeStockTotals(trx: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("products")
    .set((eb) => ({ stock_total: variantStockSum(eb) }))
    .where("id", "in", ids)
    .execute();
}

/** A product whose stock_total is not the sum of its variants' stock. */
export interface StockDrift {
  id: number;
  sku: string;
  stockTotal: number;
  variantSum: number;
}

/** The products with variants whose stock_total differs from the sum of their variants' stock, by SKU. */
export async function findStockDrift(db: Queryable): Promise<StockDrift[]> {
  const rows = await db
    .selectFrom("products")
    .select((eb) => ["products.id", "products.sku", "products.stock_total", variantStockSum(eb).as("variant_sum")])
    .where((eb) => eb.exists(eb.selectFrom("product_variants").select("id").whereRef("product_variants.product_id", "=", "products.id")))
    .orderBy("products.sku")
    .execute();
  return rows
    .map((row) => ({ id: row.id, sku: row.sku, stockTotal: Number(row.stock_total), variantSum: Number(row.variant_sum) }))
    .filter((row) => row.stockTotal !== row.variantSum);
}
