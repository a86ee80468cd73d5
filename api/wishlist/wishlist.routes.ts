import { Hono } from "hono";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { productIdBodySchema, wishlistProductParamSchema } from "#contract/schemas/product-reference.ts";
import { addToWishlist, listWishlist, removeFromWishlist } from "./wishlist.service.ts";

/** The signed-in user's own wishlist; nobody else's is reachable. */
export const wishlistRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/", async (c) => ok(c, await listWishlist(c.var.deps.db, c.var.user.id), MSG.wishlist.fetched))
  .post("/", validate("json", productIdBodySchema), async (c) => {
    const { db, clock } = c.var.deps;
    const added = await addToWishlist(db, clock, c.var.user.id, c.req.valid("json").product_id);
    if (!added) throw notFound(MSG.catalogue.productNotFound);
    return added.created ? ok(c, added.entry, MSG.wishlist.added, { status: 201 }) : ok(c, added.entry, MSG.wishlist.alreadyAdded);
  })
  .delete("/:productId", validate("param", wishlistProductParamSchema), async (c) => {
    const removed = await removeFromWishlist(c.var.deps.db, c.var.user.id, c.req.valid("param").productId);
    if (!removed) throw notFound(MSG.wishlist.notInList);
    return ok(c, removed, MSG.wishlist.removed);
  });
