import type { z } from "zod";
import type { exchangeRatesSchema } from "#contract/responses/exchange-rates.ts";

/** The shared exchange rates' answer type, inferred from its schema in contract/responses (type-only). */
export type ExchangeRatesDto = z.infer<typeof exchangeRatesSchema>;
