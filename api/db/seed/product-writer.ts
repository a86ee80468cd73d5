import type { Kysely } from "kysely";
import { sizeMask } from "#api/catalogue/size-mask.ts";
import type { Database } from "#api/db/schema.ts";
import type { AssembledProduct } from "./catalogue-builder.ts";

/**
 * Rows per multi-row INSERT, chosen so that rows × columns stays well under both
 * PostgreSQL's 65535 bound parameters and SQLite's 32766 host parameters.
 */
const ROWS_PER_INSERT = { products: 1_000, variants: 3_000, images: 5_000, fits: 8_000 } as const;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Inserts the products (their size_mask from their variants) with their variants, images and fits, and raises the
 * catalogue generation; run it inside a transaction.
 */
export async function insertProducts(db: Kysely<Database>, products: readonly AssembledProduct[]): Promise<void> {
  const idBySku = new Map<string, number>();
  for (const batch of chunks(products, ROWS_PER_INSERT.products)) {
    // Multi-row RETURNING order is unspecified on SQLite, so ids are matched back by the unique SKU.
    const inserted = await db
      .insertInto("products")
      .values(batch.map((product) => ({ ...product.row, size_mask: sizeMask(product.variants.map((variant) => variant.size)) })))
      .returning(["id", "sku"])
      .execute();
    for (const { id, sku } of inserted) idBySku.set(sku, id);
  }
  const idOf = (product: AssembledProduct) => idBySku.get(product.row.sku) as number;

  const variants = products.flatMap((product) => product.variants.map((variant) => ({ ...variant, product_id: idOf(product) })));
  for (const batch of chunks(variants, ROWS_PER_INSERT.variants)) await db.insertInto("product_variants").values(batch).execute();

  const images = products.flatMap((product) => product.images.map((image) => ({ ...image, product_id: idOf(product) })));
  for (const batch of chunks(images, ROWS_PER_INSERT.images)) await db.insertInto("product_images").values(batch).execute();

  const fits = products.flatMap((product) => product.fits.map((fit) => ({ ...fit, product_id: idOf(product) })));
  for (const batch of chunks(fits, ROWS_PER_INSERT.fits)) await db.insertInto("product_fits").values(batch).execute();
}
