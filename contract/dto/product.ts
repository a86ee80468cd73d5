import type { STOCK_STATUSES } from "#contract/constants.ts";

/**
 * The catalogue's shapes as the API sends them.
 * Prices here are GBP numbers with two decimals; inside the backend money is integer pence.
 */
export interface VariantDto {
  id: number;
  product_id: number;
  sku: string;
  color_name: string;
  color_code: string;
  color_image: string | null;
  size: string;
  stock: number;
  /** Extra over the product's current price, GBP. */
  extra_price: number;
  /** current_price + extra_price, GBP. */
  price: number;
}

export interface ProductImageDto {
  url: string;
  alt: string;
  color_name: string | null;
}

export type StockStatus = (typeof STOCK_STATUSES)[number];

/** A product as listings, trending, latest, recommended and bulk return it. */
export interface ProductSummaryDto {
  id: number;
  /** The obfuscated id used in storefront URLs: base64url of `prod_{id}_{suffix}`. */
  token: string;
  name: string;
  slug: string;
  category_id: number;
  category_name: string;
  collection: string;
  current_price: number;
  original_price: number;
  /** Same as current_price (the contract reads both). */
  price: number;
  main_image: string;
  stock: number;
  stock_status: StockStatus;
  sku: string;
  variants: VariantDto[];
  /** Mean review rating to one decimal (0 without reviews) and the number of reviews. */
  average_rating: number;
  review_count: number;
  created_at: string;
}

/** The full product of `GET /public/products/{id}`. */
export interface ProductDetailDto extends ProductSummaryDto {
  description: string;
  images: ProductImageDto[];
  default_fit: string | null;
  fit_required: boolean;
  available_fits: { value: string }[];
  materials_care: string | null;
  delivery_returns: string | null;
  return_exchanges: string | null;
  contact_info: string | null;
}

export interface CategoryDto {
  id: number;
  category_id: number;
  name: string;
  category_name: string;
  collection: string;
  slug: string;
  description: string;
  image: string;
  image_url: string;
  status: string;
}
