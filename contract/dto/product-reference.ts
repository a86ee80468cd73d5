import type { ProductSummaryDto } from "./product.ts";

/**
 * A product as the wishlist and recently-viewed lists name it: both spellings of name and image the
 * storefront reads, the price in GBP, and the URL token. A product appears in such a list at most once,
 * so its id is the entry's id.
 */
export interface ProductReferenceDto {
  id: number;
  product_id: number;
  product_name: string;
  name: string;
  image_url: string;
  image: string;
  price: number;
  /** The product's URL token (`/product/{token}`). */
  token: string;
}

/** A wishlist entry, with both spellings of the category too. */
export interface WishlistEntryDto extends ProductReferenceDto {
  original_price: number;
  stock_status: ProductSummaryDto["stock_status"];
  category_name: string;
  category: string;
  sku: string;
  added_at: string;
}

export interface RecentlyViewedDto extends ProductReferenceDto {
  viewed_at: string;
}
