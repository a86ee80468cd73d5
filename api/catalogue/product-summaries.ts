import type { Db } from "#api/db/connect.ts";
import type { Variant } from "#api/db/schema.ts";
import { averageRating } from "#api/reviews/rating-summary.ts";
import { PLACEHOLDER_IMAGE, SIZES } from "#contract/constants.ts";
import type { ProductImageDto, ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";
import { toGbp } from "#contract/money.ts";
import { encodeProductId } from "#contract/product-id.ts";

/** Product rows to the DTOs the API answers with: summaries, variants and images, a fixed number of queries. */

export function summaryRows(db: Db, ids: number[]) {
  return db.kysely
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select([
      "products.id",
      "products.name",
      "products.slug",
      "products.sku",
      "products.category_id",
      "categories.name as category_name",
      "categories.collection",
      "products.current_price_pence",
      "products.original_price_pence",
      "products.stock_total",
      "products.rating_count",
      "products.rating_sum",
      "products.created_at",
    ])
    .where("products.id", "in", ids)
    .where("products.status", "=", "Active");
}

type SummaryRow = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category_id: number;
  category_name: string;
  collection: string;
  current_price_pence: number;
  original_price_pence: number;
  stock_total: number;
  rating_count: number;
  rating_sum: number;
  created_at: string;
};

/**
 * Summaries of the active products among `ids`, in that order (unknown ids are absent; `GET /public/products/bulk`):
 * three queries whatever the count.
 */
export async function productsByIds(db: Db, ids: number[]): Promise<ProductSummaryDto[]> {
  if (ids.length === 0) return [];
  const [rows, variants, images] = await Promise.all([
    summaryRows(db, ids).execute(),
    variantsByProduct(db, ids),
    imagesByProduct(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, variants.get(id) ?? [], images.get(id)?.[0]?.url)] : [];
  });
}

/** The one mapping of a product row to the contract's shape. */
export function toSummary(row: SummaryRow, variants: Variant[], mainImage: string | undefined): ProductSummaryDto {
  const price = toGbp(row.current_price_pence);
  return {
    id: row.id,
    token: encodeProductId(row.id),
    name: row.name,
    slug: row.slug,
    category_id: row.category_id,
    category_name: row.category_name,
    collection: row.collection,
    current_price: price,
    original_price: toGbp(row.original_price_pence),
    price,
    main_image: mainImage ?? PLACEHOLDER_IMAGE,
    stock: row.stock_total,
    stock_status: row.stock_total > 0 ? "In Stock" : "Out of Stock",
    sku: row.sku,
    variants: variants.map((variant) => toVariant(variant, row.current_price_pence)),
    average_rating: averageRating(row.rating_count, row.rating_sum),
    review_count: row.rating_count,
    created_at: row.created_at,
  };
}

function toVariant({ extra_price_pence, ...columns }: Variant, basePricePence: number): VariantDto {
  return { ...columns, extra_price: toGbp(extra_price_pence), price: toGbp(basePricePence + extra_price_pence) };
}

const sizeRank = (size: string) => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/** Variants per product: colours in order of first appearance, sizes XS to XXL then One Size. */
export async function variantsByProduct(db: Db, ids: number[]): Promise<Map<number, Variant[]>> {
  const rows = await db.kysely
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("id")
    .execute();
  const grouped = groupBy(rows, (row) => row.product_id);
  for (const variants of grouped.values()) {
    const colourRank = new Map<string, number>();
    for (const variant of variants) if (!colourRank.has(variant.color_name)) colourRank.set(variant.color_name, colourRank.size);
    variants.sort(
      (a, b) =>
        (colourRank.get(a.color_name) ?? 0) - (colourRank.get(b.color_name) ?? 0) || sizeRank(a.size) - sizeRank(b.size) || a.id - b.id,
    );
  }
  return grouped;
}

export async function imagesByProduct(db: Db, ids: number[]): Promise<Map<number, ProductImageDto[]>> {
  const rows = await db.kysely
    .selectFrom("product_images")
    .select(["product_id", "url", "alt", "color_name"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const grouped = groupBy(rows, (row) => row.product_id);
  return new Map([...grouped].map(([id, images]) => [id, images.map(({ url, alt, color_name }) => ({ url, alt, color_name }))]));
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const item of items) {
    const list = grouped.get(key(item)) ?? [];
    list.push(item);
    grouped.set(key(item), list);
  }
  return grouped;
}
