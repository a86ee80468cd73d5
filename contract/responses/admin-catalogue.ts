import { z } from "zod";
import { PROMO_TYPES } from "#contract/checkout.ts";
import { timestampSchema } from "./product.ts";

/** The back office's catalogue answers. Money in pounds, as everywhere at the API boundary. */

/** One row of `GET /admin/products`. */
export const adminProductRowSchema = z.object({
  id: z.int(),
  name: z.string(),
  sku: z.string(),
  active: z.boolean(),
  price: z.number(),
  stock_total: z.int(),
});
export const adminProductListSchema = z.object({ products: z.array(adminProductRowSchema) });

/** `GET` and `PUT /admin/products/{productId}`: what the product page edits. */
export const adminProductSchema = adminProductRowSchema.extend({
  original_price: z.number(),
  /** Cannot be returned or exchanged (a claim can still be opened for it). */
  final_sale: z.boolean(),
  variants: z.array(z.object({ id: z.int(), sku: z.string(), color_name: z.string(), size: z.string(), stock: z.int() })),
});

/** `POST /admin/products/import`. */
export const productImportResultSchema = z.object({ imported: z.int() });

/** A promo code with its rules and uses: `value` is a percentage or pounds by `type`. */
export const adminPromoSchema = z.object({
  code: z.string(),
  description: z.string(),
  type: z.enum(PROMO_TYPES),
  value: z.number(),
  min_basket: z.number(),
  first_purchase: z.boolean(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.int().nullable(),
  per_customer_limit: z.int().nullable(),
  times_used: z.int(),
});
export const adminPromoListSchema = z.object({ promos: z.array(adminPromoSchema) });

/** A review as the operator sees it: whole name and e-mail, hidden or not. */
export const adminReviewSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  product_name: z.string(),
  reviewer_name: z.string().nullable(),
  reviewer_email: z.string().nullable(),
  rating: z.int(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
  hidden_at: timestampSchema.nullable(),
});
export const adminReviewListSchema = z.object({ reviews: z.array(adminReviewSchema) });

/** A contact form message, and who handled it when. */
export const contactMessageSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  order_number: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: timestampSchema,
  handled_at: timestampSchema.nullable(),
  handled_by: z.string().nullable(),
});
export const contactMessageListSchema = z.object({ messages: z.array(contactMessageSchema) });

/** `GET /admin/subscribers`: the people subscribed now (not those who left), oldest consent first. */
export const subscriberListSchema = z.object({ subscribers: z.array(z.object({ email: z.string(), created_at: timestampSchema })) });
