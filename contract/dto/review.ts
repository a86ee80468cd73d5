import type { Pagination } from "#contract/envelope.ts";

/** A review as the API sends it. */
export interface ReviewDto {
  id: number;
  product_id: number;
  order_id: number;
  /** The reviewer's first name and last initial ("Amina K."), or 'Anonymous'. */
  user_name: string;
  rating: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
  /** Bought and delivered: every review comes from a delivered order, so this is always true today. */
  verified: boolean;
}

/** Reviews given with 1 to 5 stars, by star. */
export type RatingDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

/** `GET /public/products/{productId}/reviews`: one page of reviews and the product's whole rating picture. */
export interface ProductReviewsDto {
  reviews: ReviewDto[];
  total_reviews: number;
  /** Mean rating to one decimal; 0 without reviews. */
  average_rating: number;
  distribution: RatingDistribution;
  pagination: Pagination;
}
