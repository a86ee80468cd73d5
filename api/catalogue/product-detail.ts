import type { Db } from "#api/db/connect.ts";
import type { ProductDetailDto } from "#contract/dto/product.ts";
import { imagesByProduct, summaryRows, toSummary, variantsByProduct } from "./product-summaries.ts";

/** The full product; null when there is no active product with this id. Views are counted by the route. */
export async function productDetail(db: Db, id: number): Promise<ProductDetailDto | null> {
  const row = await summaryRows(db, [id])
    .select([
      "products.description",
      "products.default_fit",
      "products.fit_required",
      "products.materials_care",
      "products.delivery_returns",
      "products.return_exchanges",
      "products.contact_info",
      "products.final_sale",
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
    final_sale: row.final_sale === 1,
  };
}
