import { REVIEW_COMMENT_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import type { FormChecks } from "#contract/schemas/browser-checks.ts";

/** What the review form's inputs check in the browser (see `FormChecks`). */
export const reviewFormChecks = {
  rating: { required: MSG.reviews.ratingRequired },
  comment: { maxLength: [REVIEW_COMMENT_MAX, MSG.reviews.commentTooLong(REVIEW_COMMENT_MAX)] },
} satisfies FormChecks;

/** Which item's form a failed post belongs to, so the page without JavaScript opens that one with its errors. */
export const reviewFormKey = (orderId: unknown, productId: unknown) => `${String(orderId)}-${String(productId)}`;
