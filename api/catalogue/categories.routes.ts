import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { categoriesQuerySchema } from "#contract/schemas/catalogue.ts";
import { listCategories } from "./categories.service.ts";

export const categoryRoutes = new Hono<ApiEnv>().get("/", validate("query", categoriesQuerySchema), async (c) => {
  const { status } = c.req.valid("query");
  const { db, catalogue } = c.var.deps;
  const categories = await catalogue.reads.read(`categories:${status}`, () => listCategories(db, status));
  return ok(c, categories, "Categories fetched successfully");
});
