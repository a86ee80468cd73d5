import { z } from "zod";
import { PAGE_SIZE, RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEW_SORTS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { productRecordId } from "./product-reference.ts";

/** Reviews: what the review form and the API accept, and the product page's review list query. */

const REVIEWS_LIMIT_MAX = 50;
const PAGE_MAX = 1_000_000;

const emptyAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
const recordId = z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER);

/** 1 to 5 whole stars; a form posts it as text, JSON as a number. */
export const ratingSchema = z.preprocess(
  emptyAsMissing,
  z.coerce
    .number({ error: MSG.reviews.ratingRequired })
    .int(MSG.reviews.ratingRange(RATING_MIN, RATING_MAX))
    .min(RATING_MIN, MSG.reviews.ratingRange(RATING_MIN, RATING_MAX))
    .max(RATING_MAX, MSG.reviews.ratingRange(RATING_MIN, RATING_MAX)),
);

/** Trimmed; blank means no comment (null). */
export const reviewCommentSchema = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX, MSG.reviews.commentTooLong(REVIEW_COMMENT_MAX))
  .nullish()
  .transform((comment) => (comment ? comment : null));

/** The body of PUT /public/reviews/{reviewId}: the review fields that can change. */
export const reviewUpdateSchema = z.object({ rating: ratingSchema, comment: reviewCommentSchema });

/** The body of POST /public/reviews. */
export const reviewCreateSchema = reviewUpdateSchema.extend({ product_id: productRecordId, order_id: recordId });

export const reviewIdParamSchema = z.object({ reviewId: z.string().regex(/^\d+$/).pipe(recordId) });

/** `:productId` of GET /public/products/{productId}/reviews. */
export const reviewProductParamSchema = z.object({ productId: z.string().regex(/^\d+$/).pipe(recordId) });

/** The product page keeps `reviews_sort` and `reviews_page` in its URL; the API reads `sort`, `page` and `limit`. */
export const productReviewsQuerySchema = z.object({
  sort: z.preprocess(emptyAsMissing, z.enum(REVIEW_SORTS).default("newest")),
  page: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(PAGE_MAX).default(1)),
  limit: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(REVIEWS_LIMIT_MAX).default(PAGE_SIZE.reviewsOnDetail)),
});
export type ProductReviewsQuery = z.infer<typeof productReviewsQuerySchema>;
