import { z } from "zod";
import { productRecordId } from "#contract/schemas/product-reference.ts";

/**
 * The one `/wishlist` form: the heart on product cards and the detail page adds or removes; the wishlist page removes.
 * `redirectTo` is checked for staying on this site by the action. A card's heart names its grid (`cardGrid`, the
 * prefix of the card's anchor), for the way back to the card after signing in.
 */
export const wishlistIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: productRecordId,
    redirectTo: z.string().optional(),
    cardGrid: z
      .string()
      .regex(/^[a-z][a-z-]{0,39}$/)
      .optional(),
  }),
  z.object({ intent: z.literal("remove"), productId: productRecordId, redirectTo: z.string().optional() }),
]);
