import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { MSG } from "#contract/messages.ts";

/** The newsletter list for the back office's CSV export, oldest first. */
export const adminSubscriberRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const subscribers = await c.var.deps.db.kysely
    .selectFrom("subscriptions")
    .select(["email", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return ok(c, { subscribers }, MSG.adminCatalogue.subscribersFetched);
});
