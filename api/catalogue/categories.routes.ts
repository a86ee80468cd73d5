import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { categoriesQuerySchema } from "#contract/schemas/catalogue.ts";
import { listCategories } from "./categories.service.ts";
import { cachedCatalogueRead } from "./read-cache.ts";

export const categoryRoutes = new Hono<ApiEnv>().get("/", validate("query", categoriesQuerySchema), async (c) => {
  const { status } = c.req.valid("query");
  const { db, catalogueCacheMs } = c.var.deps;
  const categories = await cachedCatalogueRead(db, catalogueCacheMs, `categories:${status}`, () => listCategories(db, status));
  return ok(c, categories, "Categories fetched successfully");
});
