import { z } from "zod";

/** A product's numeric id, from a form field or a JSON body. */
export const productRecordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The body of POST /public/wishlist and POST /public/recently-viewed. */
export const productIdBodySchema = z.object({ product_id: productRecordId });

/**
 * The one `/wishlist` form: `add` from product cards and the detail page, `remove` from the wishlist page.
 * `redirectTo` is checked for staying on this site by the action.
 */
export const wishlistIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: productRecordId, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("remove"), productId: productRecordId }),
]);

export type WishlistIntent = z.infer<typeof wishlistIntentSchema>;
