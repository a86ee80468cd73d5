import { z } from "zod";
import { savedAddressSchema } from "./account.ts";
import { orderDetailSchema } from "./order.ts";
import { timestampSchema } from "./product.ts";
import { recentlyViewedListSchema, wishlistSchema } from "./product-reference.ts";
import { returnSchema } from "./returns.ts";

/** One of the shopper's reviews as their data export shows it: what they wrote, and whether an operator hid it. */
export const exportedReviewSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  product_name: z.string(),
  order_id: z.int(),
  rating: z.int(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  hidden: z.boolean(),
});

/** The newsletter row of the shopper's e-mail: null when the address was never on the list. */
export const exportedNewsletterSchema = z
  .object({ subscribed: z.boolean(), subscribed_at: timestampSchema, unsubscribed_at: timestampSchema.nullable() })
  .nullable();

/**
 * `GET /public/account/data` (and `customer:export`): everything the shop keeps about one shopper, as one JSON
 * document (decision 0057).
 */
export const accountDataSchema = z.object({
  exported_at: timestampSchema,
  account: z.object({ name: z.string(), email: z.string(), email_verified: z.boolean(), created_at: timestampSchema }),
  addresses: z.array(savedAddressSchema),
  orders: z.array(orderDetailSchema),
  /** Their returns and claims, oldest first. */
  returns: z.array(returnSchema),
  reviews: z.array(exportedReviewSchema),
  wishlist: wishlistSchema,
  recently_viewed: recentlyViewedListSchema,
  newsletter: exportedNewsletterSchema,
});

/** `POST /public/account/delete` (and `customer:erase`): what the erasure removed and what it kept. */
export const accountErasureSchema = z.object({ orders_kept: z.int(), reviews_removed: z.int() });
