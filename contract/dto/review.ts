import type { z } from "zod";
import type { productReviewsSchema, ratingDistributionSchema, reviewSchema } from "#contract/responses/review.ts";

/** Review answers' types, inferred from their schemas in contract/responses (type-only). */

export type ReviewDto = z.infer<typeof reviewSchema>;

export type RatingDistribution = z.infer<typeof ratingDistributionSchema>;

export type ProductReviewsDto = z.infer<typeof productReviewsSchema>;
