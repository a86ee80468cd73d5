import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { sharedExchangeRates } from "./exchange-rates.service.ts";

/** The exchange rates every instance shares; a catalogue read, kept like the others for the current generation. */
export const exchangeRateRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const { deps } = c.var;
  return ok(c, await deps.catalogue.reads.read("exchange-rates", () => sharedExchangeRates(deps)), "Exchange rates fetched successfully");
});
