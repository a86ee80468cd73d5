import { productReference } from "#api/catalogue/product-reference.ts";
import { productsByIds } from "#api/catalogue/product-summaries.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import type { WishlistEntryDto } from "#contract/dto/product-reference.ts";

const toEntry = (product: ProductSummaryDto, addedAt: string): WishlistEntryDto => ({
  ...productReference(product),
  original_price: product.original_price,
  stock_status: product.stock_status,
  category_name: product.category_name,
  category: product.category_name,
  sku: product.sku,
  added_at: addedAt,
});

/** The user's wishlist, most recently added first; products no longer on sale are left out. */
export async function listWishlist(db: Db, userId: number): Promise<WishlistEntryDto[]> {
  const rows = await db.kysely
    .selectFrom("wishlist_items")
    .select(["product_id", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "desc")
    .execute();
  const added = new Map(rows.map((row) => [row.product_id, row.created_at]));
  const products = await productsByIds(
    db,
    rows.map((row) => row.product_id),
  );
  return products.map((product) => toEntry(product, added.get(product.id) ?? ""));
}

/**
 * Adds an active product to the user's wishlist. Undefined when there is no such product;
 * `created` is false when it was there already (the entry keeps its first date).
 */
export async function addToWishlist(
  db: Db,
  clock: Clock,
  userId: number,
  productId: number,
): Promise<{ entry: WishlistEntryDto; created: boolean } | undefined> {
  const [product] = await productsByIds(db, [productId]);
  if (!product) return undefined;
  const inserted = await db.kysely
    .insertInto("wishlist_items")
    .values({ user_id: userId, product_id: productId, created_at: isoNow(clock) })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .returning("created_at")
    .executeTakeFirst();
  const addedAt =
    inserted?.created_at ??
    (
      await db.kysely
        .selectFrom("wishlist_items")
        .select("created_at")
        .where("user_id", "=", userId)
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow()
    ).created_at;
  return { entry: toEntry(product, addedAt), created: inserted !== undefined };
}

/** Removes a product from the user's wishlist; undefined when it was not on it. */
export async function removeFromWishlist(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ product_id: number; product_name: string } | undefined> {
  const deleted = await db.kysely
    .deleteFrom("wishlist_items")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .returning("product_id")
    .executeTakeFirst();
  if (!deleted) return undefined;
  const product = await db.kysely.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirst();
  return { product_id: productId, product_name: product?.name ?? "" };
}
