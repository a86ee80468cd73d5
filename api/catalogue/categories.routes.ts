import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { categoriesQuerySchema } from "#contract/schemas/catalogue.ts";
import { listCategories } from "./categories.service.ts";

export const categoryRoutes = new Hono<ApiEnv>().get("/", validate("query", categoriesQuerySchema), async (c) => {
  const { status } = c.req.valid("query");
  return ok(c, await listCategories(c.var.deps.db, status), "Categories fetched successfully");
});
