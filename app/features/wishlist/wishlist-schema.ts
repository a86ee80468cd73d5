import { z } from "zod";
import { productRecordId } from "#contract/schemas/product-reference.ts";

/**
 * The one `/wishlist` form: the heart on product cards and the detail page adds or removes; the wishlist page removes.
 * `redirectTo` is checked for staying on this site by the action.
 */
export const wishlistIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: productRecordId, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("remove"), productId: productRecordId, redirectTo: z.string().optional() }),
]);
