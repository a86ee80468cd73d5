import { z } from "zod";
import { paginationSchema } from "#contract/envelope.ts";
import { timestampSchema } from "./product.ts";

/** A review as the API sends it. */
export const reviewSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  order_id: z.int(),
  /** The reviewer's first name and last initial ("Amina K."), or 'Anonymous'. */
  user_name: z.string(),
  rating: z.int(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** Bought and delivered: every review comes from a delivered order, so this is always true today. */
  verified: z.boolean(),
});

/** Reviews given with 1 to 5 stars, by star. */
export const ratingDistributionSchema = z.object({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() });

/** `GET /public/products/{productId}/reviews`: one page of reviews and the product's whole rating picture. */
export const productReviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  total_reviews: z.int(),
  /** Mean rating to one decimal; 0 without reviews. */
  average_rating: z.number(),
  distribution: ratingDistributionSchema,
  pagination: paginationSchema,
});
