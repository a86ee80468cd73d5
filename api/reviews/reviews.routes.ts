import { Hono } from "hono";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import {
  productReviewsQuerySchema,
  reviewCreateSchema,
  reviewIdParamSchema,
  reviewProductParamSchema,
  reviewUpdateSchema,
} from "#contract/schemas/review.ts";
import { createReview, productReviews, removeReview, updateReview } from "./reviews.service.ts";

/** Writing reviews: only a product's buyer, on their own delivered order. */
export const reviewRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .post("/", validate("json", reviewCreateSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const review = await createReview(db, clock, c.var.user.id, c.req.valid("json"));
    // The product's rating (on every card and the detail) is a catalogue read: the reviewer's next page shows it.
    await catalogue.generation.check();
    return ok(c, review, MSG.reviews.created, { status: 201 });
  })
  .put("/:reviewId", validate("param", reviewIdParamSchema), validate("json", reviewUpdateSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const review = await updateReview(db, clock, c.var.user.id, c.req.valid("param").reviewId, c.req.valid("json"));
    await catalogue.generation.check();
    return ok(c, review, MSG.reviews.updated);
  })
  .delete("/:reviewId", validate("param", reviewIdParamSchema), async (c) => {
    const { db, catalogue } = c.var.deps;
    await removeReview(db, c.var.user.id, c.req.valid("param").reviewId);
    await catalogue.generation.check();
    return ok(c, null, MSG.reviews.removed);
  });

/** Reading a product's reviews is open to guests (docs/decisions/0012-reviews-readable-by-guests.md). */
export const productReviewRoutes = new Hono<ApiEnv>().get(
  "/:productId/reviews",
  validate("param", reviewProductParamSchema),
  validate("query", productReviewsQuerySchema),
  async (c) => {
    const reviews = await productReviews(c.var.deps.db, c.req.valid("param").productId, c.req.valid("query"));
    if (!reviews) throw notFound(MSG.catalogue.productNotFound);
    return ok(c, reviews, MSG.reviews.fetched, { pagination: reviews.pagination });
  },
);
