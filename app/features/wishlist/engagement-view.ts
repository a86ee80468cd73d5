import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { RecentlyViewedDto, WishlistEntryDto } from "#contract/dto/product-reference.ts";

/**
 * Wishlist entries and recently viewed items as the screens show them. The contract lets each field come
 * under either of two names, so both are read here and nowhere else.
 */
type Loose<T> = { [K in keyof T]?: T[K] | null };

export interface WishlistCardView {
  productId: number;
  href: string;
  name: string;
  image: string;
  price: number;
  /** Shown struck through only when higher than the price. */
  originalPrice: number | null;
  outOfStock: boolean;
  category: string;
  sku: string | null;
}

/** The product page of an entry: its URL token, else its numeric id (both are accepted). */
const productPath = (item: { token?: string | null; product_id?: number | null; id?: number | null }) =>
  `/product/${item.token || item.product_id || item.id}`;

/** A wishlist card, or null for an entry without an id (such items are skipped). */
export function wishlistCardView(entry: Loose<WishlistEntryDto>): WishlistCardView | null {
  if (!entry.id) return null;
  const price = entry.price ?? 0;
  return {
    productId: entry.product_id ?? entry.id,
    href: productPath(entry),
    name: entry.product_name || entry.name || "",
    image: entry.image_url || entry.image || PLACEHOLDER_IMAGE,
    price,
    originalPrice: entry.original_price != null && entry.original_price > price ? entry.original_price : null,
    outOfStock: entry.stock_status === "Out of Stock",
    category: entry.category_name || entry.category || "N/A",
    sku: entry.sku || null,
  };
}

export interface RecentlyViewedView {
  key: number;
  href: string;
  name: string;
  image: string;
  price: number;
}

/** A recently viewed item for the profile slider (id, product_id, product_name or name, image_url or image, price). */
export function recentlyViewedView(item: Loose<RecentlyViewedDto>): RecentlyViewedView | null {
  const key = item.product_id ?? item.id;
  if (!key) return null;
  return {
    key,
    href: productPath(item),
    name: item.product_name || item.name || "",
    image: item.image_url || item.image || PLACEHOLDER_IMAGE,
    price: item.price ?? 0,
  };
}
