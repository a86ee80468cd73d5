import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Queryable } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import { bumpCatalogueGeneration } from "./read-cache.ts";

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

/** Units going back on the shelf; `unsold`: they no longer count as sold (a cancelled order's, a refunded return's). */
export interface UnitsBack {
  variantId: number | null;
  productId: number;
  quantity: number;
  unsold: boolean;
}

/**
 * Puts units back in the caller's transaction: each variant's stock up (in variant id order, as checkout takes
 * them, so the two never deadlock), units no longer sold off their product's units_sold, the products' stock
 * totals recomputed and the catalogue's generation bumped. A unit whose variant is gone only leaves units_sold.
 */
export async function putUnitsBack(trx: Kysely<Database>, units: readonly UnitsBack[]): Promise<void> {
  if (units.length === 0) return;
  const sorted = [...units].sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0));
  for (const unit of sorted) {
    if (unit.variantId !== null) {
      await trx
        .updateTable("product_variants")
        .set((eb) => ({ stock: eb("stock", "+", unit.quantity) }))
        .where("id", "=", unit.variantId)
        .execute();
    }
    if (unit.unsold) {
      await trx
        .updateTable("products")
        .set((eb) => ({ units_sold: eb("units_sold", "-", unit.quantity) }))
        .where("id", "=", unit.productId)
        .execute();
    }
  }
  await recomputeStockTotals(trx, [...new Set(units.filter((unit) => unit.variantId !== null).map((unit) => unit.productId))]);
  await bumpCatalogueGeneration(trx);
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
