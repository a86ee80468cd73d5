import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { LISTING_SORTS, PAGE_SIZE, SIZES, STOCK_STATUSES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { latestProducts, listProducts, productsByIds, recommendedProducts, trendingProducts, viewProduct } from "./products.service.ts";

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

const listingQuery = z
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

const limitQuery = (fallback: number) => z.object({ limit: count(SHORT_LIST_MAX, fallback) });
const recommendedQuery = limitQuery(PAGE_SIZE.recommendedDefault).extend({
  product_id: z.preprocess(emptyAsMissing, productId.optional()),
});
const bulkQuery = z.object({
  ids: commaList(productId, BULK_MAX * 10)
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.number()).min(1).max(BULK_MAX)),
});
const idParam = z.object({ id: z.string().regex(/^\d+$/, MSG.catalogue.invalidProductId).pipe(productId) });
/** `t` is the storefront's cache-buster: accepted and ignored. */
const detailQuery = z.object({ t: z.string().max(50).optional() });

/** The catalogue products of spec section 7. Fixed paths come before `/:id`. */
export const productRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", listingQuery), async (c) => {
    const { products, pagination } = await listProducts(c.var.deps.db, c.req.valid("query"));
    return ok(c, products, "Products fetched successfully", { pagination });
  })
  .get("/bulk", validate("query", bulkQuery), async (c) => {
    return ok(c, await productsByIds(c.var.deps.db, c.req.valid("query").ids), "Products fetched successfully");
  })
  .get("/trending", validate("query", limitQuery(PAGE_SIZE.trending)), async (c) => {
    const { db, clock } = c.var.deps;
    return ok(c, await trendingProducts(db, clock, c.req.valid("query").limit), "Trending products fetched successfully");
  })
  .get("/latest", validate("query", limitQuery(PAGE_SIZE.latest)), async (c) => {
    return ok(c, await latestProducts(c.var.deps.db, c.req.valid("query").limit), "Latest products fetched successfully");
  })
  .get("/recommended", validate("query", recommendedQuery), async (c) => {
    const { product_id, limit } = c.req.valid("query");
    return ok(c, await recommendedProducts(c.var.deps.db, product_id, limit), "Recommended products fetched successfully");
  })
  .get("/:id", validate("param", idParam), validate("query", detailQuery), async (c) => {
    const product = await viewProduct(c.var.deps.db, c.req.valid("param").id);
    if (!product) throw notFound(MSG.catalogue.productNotFound);
    return ok(c, product, "Product fetched successfully");
  });
