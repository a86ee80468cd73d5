import { z } from "zod";
import { LISTING_SORTS, PAGE_SIZE, SIZES, STOCK_STATUSES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/** The catalogue's query and path parameters: listings, short lists, bulk, detail and categories. */

const LIST_FILTER_MAX = 50;
const LISTING_LIMIT_MAX = 100;
const SHORT_LIST_MAX = 50;
const BULK_MAX = 100;
const PAGE_MAX = 1_000_000;
const PRICE_MAX_GBP = 1_000_000;
const SEARCH_MAX_CHARS = 100;

/** A comma-joined (or repeated) query parameter as a list of trimmed, non-empty items. */
const commaList = <T>(item: z.ZodType<T, string>, max = LIST_FILTER_MAX) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(","))
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(item).max(max));

/** One of `options`, matched case-insensitively and answered in its canonical spelling. */
const caseInsensitive = <const T extends readonly [string, ...string[]]>(options: T) =>
  z
    .string()
    .transform((value) => options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value)
    .pipe(z.enum(options));

const emptyAsMissing = (value: unknown) => (value === "" ? undefined : value);
const gbp = z.preprocess(emptyAsMissing, z.coerce.number().min(0).max(PRICE_MAX_GBP).optional());
const count = (max: number, fallback: number) => z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(max).default(fallback));
const productId = z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER);

export const productListingQuerySchema = z
  .object({
    category: commaList(z.string().max(100)).optional(),
    color: commaList(z.string().max(50)).optional(),
    size: commaList(caseInsensitive(SIZES)).optional(),
    stock_status: commaList(caseInsensitive(STOCK_STATUSES)).optional(),
    min_price: gbp,
    max_price: gbp,
    search: z.string().trim().max(SEARCH_MAX_CHARS).optional(),
    sort: z.preprocess(emptyAsMissing, z.enum(LISTING_SORTS).optional()),
    page: count(PAGE_MAX, 1),
    limit: count(LISTING_LIMIT_MAX, PAGE_SIZE.listing),
  })
  .superRefine((query, ctx) => {
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      ctx.addIssue({ code: "custom", path: ["min_price"], message: MSG.catalogue.priceRangeInverted });
    }
  });

export const productLimitQuerySchema = (fallback: number) => z.object({ limit: count(SHORT_LIST_MAX, fallback) });
export const recommendedProductsQuerySchema = productLimitQuerySchema(PAGE_SIZE.recommendedDefault).extend({
  product_id: z.preprocess(emptyAsMissing, productId.optional()),
});
export const bulkProductsQuerySchema = z.object({
  ids: commaList(productId, BULK_MAX * 10)
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.number()).min(1).max(BULK_MAX)),
});
export const productIdParamSchema = z.object({ id: z.string().regex(/^\d+$/, MSG.catalogue.invalidProductId).pipe(productId) });
/** `t` is the storefront's cache-buster: accepted and ignored. */
export const productDetailQuerySchema = z.object({ t: z.string().max(50).optional() });

export const categoriesQuerySchema = z.object({ status: z.enum(["Active", "Inactive"]).optional() });
