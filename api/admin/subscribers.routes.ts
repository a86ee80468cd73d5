import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { newsletterSubscribers } from "./subscribers.service.ts";

/** The newsletter list for the back office's CSV export. */
export const adminSubscriberRoutes = new Hono<ApiEnv>().get("/", async (c) =>
  ok(c, { subscribers: await newsletterSubscribers(c.var.deps.db) }, MSG.adminCatalogue.subscribersFetched),
);
