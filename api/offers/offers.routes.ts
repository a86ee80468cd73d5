import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { liveOffers } from "./offers.service.ts";

/**
 * `GET /public/offers`: a catalogue read, kept for the current generation, which creating or disabling a promo
 * raises; a code that starts, ends or runs out of uses without a write shows within the cache's time bound.
 */
export const offerRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const { deps } = c.var;
  return ok(c, await deps.catalogue.reads.read("offers", () => liveOffers(deps.db.kysely, deps.clock)), MSG.promo.offersFetched);
});
