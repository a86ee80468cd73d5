import { BASE_CURRENCY } from "#contract/constants.ts";
import type { ExchangeRatesDto } from "#contract/dto/exchange-rates.ts";
import { MSG } from "#contract/messages.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import { exchangeRatesSchema } from "../../api-client/responses.server.ts";
import { FALLBACK_RATES, isSupportedCurrency, type Rates } from "./currency.ts";

/** The pricing state as the server knows it. */
export interface RatesSnapshot {
  rates: Rates;
  error: string | null;
}

/**
 * The exchange rates every instance shares: the API keeps the rate service's last answer in the database and asks
 * the service again (one process at a time) when it is 6 hours old, 5 minutes after a failure. A kept catalogue
 * read like the others, so all instances show the same rates within the catalogue's freshness bound.
 */
export async function exchangeRates(api: ApiClient): Promise<RatesSnapshot> {
  const outcome = await api({ send: (c) => c.public["exchange-rates"].$get(), schema: exchangeRatesSchema });
  return ratesSnapshot(outcome.ok ? outcome.data : null);
}

/**
 * The supported currencies of the service's answer; a currency it lacks keeps its built-in rate, and GBP is always
 * 1. No answer, or one without a supported rate, is the built-in table with the failure's message.
 */
export function ratesSnapshot(answer: ExchangeRatesDto | null): RatesSnapshot {
  const usable = Object.entries(answer?.rates ?? {}).filter(([code]) => isSupportedCurrency(code));
  if (usable.length === 0) return { rates: { ...FALLBACK_RATES }, error: MSG.pricing.ratesFailed };
  const rates: Rates = { ...FALLBACK_RATES, ...Object.fromEntries(usable) };
  rates[BASE_CURRENCY] = 1;
  return { rates, error: null };
}
