import { z } from "zod";
import { STOCK_STATUSES } from "#contract/constants.ts";

/**
 * The catalogue's answers as the API sends them.
 * Prices here are GBP numbers with two decimals; inside the backend money is integer pence.
 */

/** An ISO-8601 UTC timestamp as the API writes it (`2026-11-22T10:00:00.000Z`). */
export const timestampSchema = z.iso.datetime();

export const variantSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  sku: z.string(),
  color_name: z.string(),
  color_code: z.string(),
  color_image: z.string().nullable(),
  size: z.string(),
  stock: z.int(),
  /** Extra over the product's current price, GBP. */
  extra_price: z.number(),
  /** current_price + extra_price, GBP. */
  price: z.number(),
});

export const productImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  color_name: z.string().nullable(),
});

/** A product as listings, trending, latest, recommended and bulk return it. */
export const productSummarySchema = z.object({
  id: z.int(),
  /** The obfuscated id used in storefront URLs: base64url of `prod_{id}_{suffix}`. */
  token: z.string(),
  name: z.string(),
  slug: z.string(),
  category_id: z.int(),
  category_name: z.string(),
  collection: z.string(),
  current_price: z.number(),
  original_price: z.number(),
  /** Same as current_price (the contract reads both). */
  price: z.number(),
  main_image: z.string(),
  stock: z.int(),
  stock_status: z.enum(STOCK_STATUSES),
  sku: z.string(),
  variants: z.array(variantSchema),
  /** Mean review rating to one decimal (0 without reviews). */
  average_rating: z.number(),
  review_count: z.int(),
  created_at: timestampSchema,
});

/** `GET /public/products` (one page), `/bulk`, `/trending`, `/latest` and `/recommended`. */
export const productSummaryListSchema = z.array(productSummarySchema);

/** The full product of `GET /public/products/{id}`. */
export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  images: z.array(productImageSchema),
  default_fit: z.string().nullable(),
  fit_required: z.boolean(),
  available_fits: z.array(z.object({ value: z.string() })),
  materials_care: z.string().nullable(),
  delivery_returns: z.string().nullable(),
  return_exchanges: z.string().nullable(),
  contact_info: z.string().nullable(),
  /** Cannot be returned or exchanged: the page says so before the shopper chooses. */
  final_sale: z.boolean(),
});

export const categorySchema = z.object({
  id: z.int(),
  category_id: z.int(),
  name: z.string(),
  category_name: z.string(),
  collection: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  image_url: z.string(),
  status: z.string(),
});

/** `GET /public/categories`. */
export const categoryListSchema = z.array(categorySchema);

export const lookupValueSchema = z.object({
  id: z.int(),
  header_id: z.int(),
  value: z.string(),
  label: z.string(),
});

/** `POST /public/lookups/values`: active values by header id (object keys are the ids as text). */
export const lookupValuesSchema = z.record(z.string(), z.array(lookupValueSchema));
