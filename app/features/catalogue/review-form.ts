import { z } from "zod";
import { productRecordId } from "#contract/schemas/product-reference.ts";
import { reviewUpdateSchema } from "#contract/schemas/review.ts";

const recordId = z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The review form under an item of a delivered order in MY ORDERS: the API's rating and comment rules, plus the
 * order and product it reviews, and the review being edited (absent when writing a new one).
 */
export const reviewFormSchema = reviewUpdateSchema.extend({
  orderId: recordId,
  productId: productRecordId,
  reviewId: recordId.optional(),
});
