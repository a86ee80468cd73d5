import { bumpCatalogueGeneration } from "#api/catalogue/read-cache.ts";
import type { Db } from "#api/db/connect.ts";

/**
 * Sets one variant's stock (by its SKU) and moves its product's stock_total by the same difference,
 * in one transaction. Answers the old and new stock, or undefined when no variant has that SKU.
 */
export async function setVariantStock(db: Db, sku: string, quantity: number) {
  const change = await db.kysely.transaction().execute(async (trx) => {
    let query = trx.selectFrom("product_variants").select(["id", "product_id", "stock"]).where("sku", "=", sku);
    if (db.dialect === "postgres") query = query.forUpdate();
    const variant = await query.executeTakeFirst();
    if (!variant) return undefined;
    await trx.updateTable("product_variants").set({ stock: quantity }).where("id", "=", variant.id).execute();
    await trx
      .updateTable("products")
      .set((eb) => ({ stock_total: eb("stock_total", "+", quantity - variant.stock) }))
      .where("id", "=", variant.product_id)
      .execute();
    await bumpCatalogueGeneration(trx);
    return { from: variant.stock, to: quantity };
  });
  return change;
}
