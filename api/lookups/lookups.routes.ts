import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { lookupValues } from "./lookups.service.ts";

const body = z.object({
  header_ids: z.array(z.coerce.number().int().positive()).min(1).max(50),
});

export const lookupRoutes = new Hono<ApiEnv>().post("/values", validate("json", body), async (c) => {
  const { header_ids } = c.req.valid("json");
  return ok(c, await lookupValues(c.var.deps.db, [...new Set(header_ids)]), "Lookup values fetched successfully");
});
