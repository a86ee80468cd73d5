import type { z } from "zod";
import type { productReferenceSchema, recentlyViewedSchema, wishlistEntrySchema } from "#contract/responses/product-reference.ts";

/** Wishlist and recently-viewed answers' types, inferred from their schemas in contract/responses (type-only). */

export type ProductReferenceDto = z.infer<typeof productReferenceSchema>;

export type WishlistEntryDto = z.infer<typeof wishlistEntrySchema>;

export type RecentlyViewedDto = z.infer<typeof recentlyViewedSchema>;
