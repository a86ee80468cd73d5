import { Hono } from "hono";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { productIdBodySchema } from "#contract/schemas/product-reference.ts";
import { clearRecentlyViewed, listRecentlyViewed, recordRecentlyViewed } from "./recently-viewed.service.ts";

/** The signed-in user's own recently viewed products. */
export const recentlyViewedRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/", async (c) => ok(c, await listRecentlyViewed(c.var.deps.db, c.var.user.id), MSG.recentlyViewed.fetched))
  .post("/", validate("json", productIdBodySchema), async (c) => {
    const { db, clock } = c.var.deps;
    const recorded = await recordRecentlyViewed(db, clock, c.var.user.id, c.req.valid("json").product_id);
    if (!recorded) throw notFound(MSG.catalogue.productNotFound);
    return ok(c, recorded, MSG.recentlyViewed.recorded);
  })
  .delete("/", async (c) => {
    await clearRecentlyViewed(c.var.deps.db, c.var.user.id);
    return ok(c, null, MSG.recentlyViewed.cleared);
  });
