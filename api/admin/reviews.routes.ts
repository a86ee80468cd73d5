import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { adminReviewParamSchema, adminReviewsQuerySchema } from "#contract/schemas/admin-catalogue.ts";
import { adminReviews, setReviewHidden } from "./reviews.service.ts";

/** The back office's reviews: every one, hidden included, and hiding or showing one. */
export const adminReviewRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", adminReviewsQuerySchema), async (c) => {
    const { reviews, pagination } = await adminReviews(c.var.deps.db, c.req.valid("query"));
    return ok(c, { reviews }, MSG.adminCatalogue.reviewsFetched, { pagination });
  })
  .post("/:reviewId/hide", validate("param", adminReviewParamSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const review = await setReviewHidden(db, clock, c.var.user, c.req.valid("param").reviewId, true);
    await catalogue.generation.check();
    return ok(c, review, MSG.adminCatalogue.reviewHidden);
  })
  .post("/:reviewId/unhide", validate("param", adminReviewParamSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const review = await setReviewHidden(db, clock, c.var.user, c.req.valid("param").reviewId, false);
    await catalogue.generation.check();
    return ok(c, review, MSG.adminCatalogue.reviewShown);
  });
