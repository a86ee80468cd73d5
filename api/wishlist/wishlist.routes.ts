import { Hono } from "hono";
import { z } from "zod";
import { MSG } from "../../app/lib/messages.ts";
import { productIdBodySchema, productRecordId } from "../../app/lib/schemas/wishlist.ts";
import { requireVerifiedEmail } from "../auth/require-verified.ts";
import { requireAuth } from "../core/auth-middleware.ts";
import type { ApiEnv } from "../core/env.ts";
import { ok } from "../core/envelope.ts";
import { notFound } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import { addToWishlist, listWishlist, removeFromWishlist } from "./wishlist.service.ts";

const params = z.object({ productId: productRecordId });

/** The signed-in user's own wishlist (spec section 7); nobody else's is reachable. */
export const wishlistRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/", async (c) => ok(c, await listWishlist(c.var.deps.db, c.var.user.id), MSG.wishlist.fetched))
  .post("/", validate("json", productIdBodySchema), async (c) => {
    const { db, clock } = c.var.deps;
    const added = await addToWishlist(db, clock, c.var.user.id, c.req.valid("json").product_id);
    if (!added) throw notFound(MSG.catalogue.productNotFound);
    return added.created ? ok(c, added.entry, MSG.wishlist.added, { status: 201 }) : ok(c, added.entry, MSG.wishlist.alreadyAdded);
  })
  .delete("/:productId", validate("param", params), async (c) => {
    const removed = await removeFromWishlist(c.var.deps.db, c.var.user.id, c.req.valid("param").productId);
    if (!removed) throw notFound(MSG.wishlist.notInList);
    return ok(c, removed, MSG.wishlist.removed);
  });
