import { z } from "zod";
import { ADMIN_CATALOGUE, OPERATOR_LIMITS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/** The back office's catalogue requests: what its forms post and the API accepts. */

const PAGE_MAX = 1_000_000;
const emptyAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
const recordId = z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER);
const idParam = z.string().regex(/^\d+$/).pipe(recordId);
const page = z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(PAGE_MAX).default(1));

/** GET /admin/products: a search of names and SKUs (product or variant), paged. */
export const adminProductsQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_CATALOGUE.searchMax).default(""),
  page,
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

export const adminProductParamSchema = z.object({ productId: idParam });
export const adminReviewParamSchema = z.object({ reviewId: idParam });
export const adminMessageParamSchema = z.object({ messageId: idParam });
export const adminPromoParamSchema = z.object({ code: z.string().min(1).max(64) });

/** A price in pounds with at most two decimals: typed in a form or sent as a JSON number. */
const gbp = z.preprocess(
  emptyAsMissing,
  z.coerce
    .number({ error: MSG.adminCatalogue.priceInvalid })
    .positive(MSG.adminCatalogue.priceInvalid)
    .max(OPERATOR_LIMITS.gbp, MSG.adminCatalogue.priceTooHigh(OPERATOR_LIMITS.gbp))
    .multipleOf(0.01, MSG.adminCatalogue.priceInvalid),
);
const stock = z.preprocess(
  emptyAsMissing,
  z.coerce
    .number({ error: MSG.adminCatalogue.stockInvalid(OPERATOR_LIMITS.stock) })
    .int(MSG.adminCatalogue.stockInvalid(OPERATOR_LIMITS.stock))
    .min(0, MSG.adminCatalogue.stockInvalid(OPERATOR_LIMITS.stock))
    .max(OPERATOR_LIMITS.stock, MSG.adminCatalogue.stockInvalid(OPERATOR_LIMITS.stock)),
);
/** A checkbox posts "on" or nothing; JSON sends a boolean. */
const checkbox = z.preprocess((value) => (value === "on" ? true : value === undefined || value === "" ? false : value), z.boolean());

/**
 * PUT /admin/products/{productId}: price and the price before a sale in pounds, the active and final-sale flags, stock
 * per variant.
 */
export const adminProductUpdateSchema = z
  .object({
    price: gbp,
    original_price: gbp,
    active: checkbox,
    final_sale: checkbox,
    variants: z.array(z.object({ id: recordId, stock })).max(200),
  })
  .refine((product) => product.original_price >= product.price, {
    path: ["original_price"],
    message: MSG.adminCatalogue.originalBelowPrice,
  });
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/** GET /admin/reviews: newest first, of one product or all. */
export const adminReviewsQuerySchema = z.object({ product: z.preprocess(emptyAsMissing, recordId.optional()), page });
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/** GET /admin/messages: newest first. */
export const adminPageQuerySchema = z.object({ page });
