import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { lookupValuesBodySchema } from "#contract/schemas/lookups.ts";
import { lookupValues } from "./lookups.service.ts";

export const lookupRoutes = new Hono<ApiEnv>().post("/values", validate("json", lookupValuesBodySchema), async (c) => {
  const { header_ids } = c.req.valid("json");
  return ok(c, await lookupValues(c.var.deps.db, [...new Set(header_ids)]), "Lookup values fetched successfully");
});
