import { z } from "zod";

/** A product's numeric id, from a form field, a path or a JSON body. */
export const productRecordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The body of POST /public/wishlist and POST /public/recently-viewed. */
export const productIdBodySchema = z.object({ product_id: productRecordId });

/** The `:productId` of DELETE /public/wishlist/{productId}. */
export const wishlistProductParamSchema = z.object({ productId: productRecordId });
