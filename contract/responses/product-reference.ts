import { z } from "zod";
import { productSummarySchema, timestampSchema } from "./product.ts";

/**
 * A product as the wishlist and recently-viewed lists name it: both spellings of name and image the
 * storefront reads, the price in GBP, and the URL token. A product appears in such a list at most once,
 * so its id is the entry's id.
 */
export const productReferenceSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  product_name: z.string(),
  name: z.string(),
  image_url: z.string(),
  image: z.string(),
  price: z.number(),
  /** The product's URL token (`/product/{token}`). */
  token: z.string(),
});

/** A wishlist entry, with both spellings of the category too. */
export const wishlistEntrySchema = productReferenceSchema.extend({
  original_price: z.number(),
  stock_status: productSummarySchema.shape.stock_status,
  category_name: z.string(),
  category: z.string(),
  sku: z.string(),
  added_at: timestampSchema,
});

/** `GET /public/wishlist`. */
export const wishlistSchema = z.array(wishlistEntrySchema);

/** `DELETE /public/wishlist/{productId}`: which product left the list. */
export const wishlistRemovalSchema = z.object({ product_id: z.int(), product_name: z.string() });

export const recentlyViewedSchema = productReferenceSchema.extend({ viewed_at: timestampSchema });

/** `GET /public/recently-viewed`, newest first. */
export const recentlyViewedListSchema = z.array(recentlyViewedSchema);

/** `POST /public/recently-viewed`: the view as recorded. */
export const recordedViewSchema = z.object({ product_id: z.int(), viewed_at: timestampSchema });
