import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { listCategories } from "./categories.service.ts";

const query = z.object({ status: z.enum(["Active", "Inactive"]).optional() });

export const categoryRoutes = new Hono<ApiEnv>().get("/", validate("query", query), async (c) => {
  const { status } = c.req.valid("query");
  return ok(c, await listCategories(c.var.deps.db, status), "Categories fetched successfully");
});
