import { z } from "zod";

/**
 * `GET /public/exchange-rates`: the exchange-rate service's last answer as every instance shares it: units of each
 * currency per 1 GBP, and when it came. `rates` is empty when the service could not be reached (the storefront
 * then converts with its built-in table).
 */
export const exchangeRatesSchema = z.object({
  rates: z.record(z.string(), z.number()),
  fetched_at: z.string().nullable(),
});
