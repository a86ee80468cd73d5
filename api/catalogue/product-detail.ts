import type { Db } from "#api/db/connect.ts";
import type { ProductDetailDto } from "#contract/dto/product.ts";
import { imagesByProduct, summaryRows, toSummary, variantsByProduct } from "./product-summaries.ts";

/** The full product, counting the view; null when there is no active product with this id. */
export async function viewProduct(db: Db, id: number): Promise<ProductDetailDto | null> {
  const counted = await db.kysely
    .updateTable("products")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "Active")
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return null;
  const row = await summaryRows(db, [id])
    .select([
      "products.description",
      "products.default_fit",
      "products.fit_required",
      "products.materials_care",
      "products.delivery_returns",
      "products.return_exchanges",
      "products.contact_info",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const [variants, images, fits] = await Promise.all([
    variantsByProduct(db, [id]),
    imagesByProduct(db, [id]),
    db.kysely.selectFrom("product_fits").select("value").where("product_id", "=", id).orderBy("position").orderBy("id").execute(),
  ]);
  const productImages = images.get(id) ?? [];
  return {
    ...toSummary(row, variants.get(id) ?? [], productImages[0]?.url),
    description: row.description,
    images: productImages,
    default_fit: row.default_fit,
    fit_required: row.fit_required === 1,
    available_fits: fits.map((fit) => ({ value: fit.value })),
    materials_care: row.materials_care,
    delivery_returns: row.delivery_returns,
    return_exchanges: row.return_exchanges,
    contact_info: row.contact_info,
  };
}
