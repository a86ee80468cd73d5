import { findStockDrift, recomputeStockTotals, type StockDrift } from "#api/catalogue/stock-totals.ts";
import type { Db } from "#api/db/connect.ts";

/**
 * Sets one variant's stock (by its SKU) and recomputes its product's stock_total, in one transaction.
 * Answers the old and new stock, or undefined when no variant has that SKU.
 */
export async function setVariantStock(db: Db, sku: string, quantity: number) {
  const change = await db.kysely.transaction().execute(async (trx) => {
    let query = trx.selectFrom("product_variants").select(["id", "product_id", "stock"]).where("sku", "=", sku);
    if (db.dialect === "postgres") query = query.forUpdate();
    const variant = await query.executeTakeFirst();
    if (!variant) return undefined;
    await trx.updateTable("product_variants").set({ stock: quantity }).where("id", "=", variant.id).execute();
    await recomputeStockTotals(trx, [variant.product_id]);
    return { from: variant.stock, to: quantity };
  });
  return change;
}

/** Finds the drifted products and recomputes their stock_total, in one transaction; answers what it repaired. */
export async function repairStockDrift(db: Db): Promise<StockDrift[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const drift = await findStockDrift(trx);
    if (drift.length === 0) return drift;
    await recomputeStockTotals(
      trx,
      drift.map((product) => product.id),
    );
    return drift;
  });
}
