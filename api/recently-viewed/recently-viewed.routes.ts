import { Hono } from "hono";
import { MSG } from "../../app/lib/messages.ts";
import { productIdBodySchema } from "../../app/lib/schemas/wishlist.ts";
import { requireVerifiedEmail } from "../auth/require-verified.ts";
import { requireAuth } from "../core/auth-middleware.ts";
import type { ApiEnv } from "../core/env.ts";
import { ok } from "../core/envelope.ts";
import { notFound } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import { listRecentlyViewed, recordRecentlyViewed } from "./recently-viewed.service.ts";

/** The signed-in user's own recently viewed products (spec section 7). */
export const recentlyViewedRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/", async (c) => ok(c, await listRecentlyViewed(c.var.deps.db, c.var.user.id), MSG.recentlyViewed.fetched))
  .post("/", validate("json", productIdBodySchema), async (c) => {
    const { db, clock } = c.var.deps;
    const recorded = await recordRecentlyViewed(db, clock, c.var.user.id, c.req.valid("json").product_id);
    if (!recorded) throw notFound(MSG.catalogue.productNotFound);
    return ok(c, recorded, MSG.recentlyViewed.recorded);
  });
