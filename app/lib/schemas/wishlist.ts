import { z } from "zod";
import { productRecordId } from "#contract/schemas/product-reference.ts";

/**
 * The one `/wishlist` form: `add` from product cards and the detail page, `remove` from the wishlist page.
 * `redirectTo` is checked for staying on this site by the action.
 */
export const wishlistIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: productRecordId, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("remove"), productId: productRecordId }),
]);

export type WishlistIntent = z.infer<typeof wishlistIntentSchema>;
