import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import {
  bulkProductsQuerySchema,
  productDetailQuerySchema,
  productIdParamSchema,
  productLimitQuerySchema,
  productListingQuerySchema,
  recommendedProductsQuerySchema,
} from "#contract/schemas/catalogue.ts";
import { productDetail } from "./product-detail.ts";
import { listProducts } from "./product-listing.ts";
import { latestProducts, recommendedProducts, trendingProducts } from "./product-picks.ts";
import { productsByIds } from "./product-summaries.ts";
import { countProductView } from "./view-counter.ts";

/** The catalogue's product endpoints. Fixed paths come before `/:id`. */
export const productRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", productListingQuerySchema), async (c) => {
    const { db, catalogue } = c.var.deps;
    const query = c.req.valid("query");
    const { products, pagination } = await catalogue.reads.read(`list:${JSON.stringify(query)}`, () => listProducts(db, query));
    return ok(c, products, "Products fetched successfully", { pagination });
  })
  .get("/bulk", validate("query", bulkProductsQuerySchema), async (c) => {
    return ok(c, await productsByIds(c.var.deps.db, c.req.valid("query").ids), "Products fetched successfully");
  })
  .get("/trending", validate("query", productLimitQuerySchema(PAGE_SIZE.trending)), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const { limit } = c.req.valid("query");
    const products = await catalogue.reads.read(`trending:${limit}`, () => trendingProducts(db, clock, limit));
    return ok(c, products, "Trending products fetched successfully");
  })
  .get("/latest", validate("query", productLimitQuerySchema(PAGE_SIZE.latest)), async (c) => {
    const { db, catalogue } = c.var.deps;
    const { limit } = c.req.valid("query");
    const products = await catalogue.reads.read(`latest:${limit}`, () => latestProducts(db, limit));
    return ok(c, products, "Latest products fetched successfully");
  })
  .get("/recommended", validate("query", recommendedProductsQuerySchema), async (c) => {
    const { db, catalogue } = c.var.deps;
    const { product_id, limit } = c.req.valid("query");
    const products = await catalogue.reads.read(`recommended:${product_id}:${limit}`, () => recommendedProducts(db, product_id, limit));
    return ok(c, products, "Recommended products fetched successfully");
  })
  .get("/:id", validate("param", productIdParamSchema), validate("query", productDetailQuerySchema), async (c) => {
    const { db, catalogue, viewWriteDelayMs, logger } = c.var.deps;
    const { id } = c.req.valid("param");
    const product = await catalogue.reads.read(`detail:${id}`, () => productDetail(db, id));
    if (!product) throw notFound(MSG.catalogue.productNotFound);
    await countProductView(db, id, viewWriteDelayMs, logger);
    return ok(c, product, "Product fetched successfully");
  });
