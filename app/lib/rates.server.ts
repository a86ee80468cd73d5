import { BASE_CURRENCY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { FALLBACK_RATES, isSupportedCurrency, type Rates } from "./currency.ts";
import { readStorefrontConfig } from "./env.server.ts";
import { describeError, logger } from "./logger.server.ts";

/** The pricing state as the server knows it. */
export interface RatesSnapshot {
  rates: Rates;
  /** ISO time of the last fetch attempt. */
  lastUpdated: string;
  error: string | null;
}

export interface RatesServiceOptions {
  fetch?: typeof fetch;
  /** A GBP-based service answering `{ rates: { USD: 1.27, ... } }`. */
  url?: string;
  now?: () => Date;
  /** How long fetched rates are reused. */
  ttlMs?: number;
  /** How long the fallback is served after a failure before the service is tried again. */
  failureTtlMs?: number;
  timeoutMs?: number;
  logError?: (error: unknown) => void;
}

export const DEFAULT_EXCHANGE_RATES_URL = "https://open.er-api.com/v6/latest/GBP";
const SIX_HOURS_MS = 6 * 60 * 60 * 1000;
const FIVE_MINUTES_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 3000;

/**
 * Exchange rates from a public service, cached in memory. Concurrent callers share one fetch, and
 * only the very first page view waits for it: later ones get the cached answer while an expired one
 * is refreshed. A failure serves the built-in fallback and is itself
 * cached for a while, so a dead service is not asked again on every page view.
 */
export function createRatesService(options: RatesServiceOptions = {}) {
  const fetchRates = options.fetch ?? fetch;
  const url = options.url ?? DEFAULT_EXCHANGE_RATES_URL;
  const now = options.now ?? (() => new Date());
  const ttlMs = options.ttlMs ?? SIX_HOURS_MS;
  const failureTtlMs = options.failureTtlMs ?? FIVE_MINUTES_MS;
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  // Offline (or with the service down) this is expected: one warning line, no stack.
  const logError =
    options.logError ??
    ((error: unknown) => logger.warn({ url, reason: describeError(error) }, "exchange rates unavailable: using the built-in table"));

  let cached: { snapshot: RatesSnapshot; expiresAt: number } | null = null;
  let pending: Promise<RatesSnapshot> | null = null;

  async function load(): Promise<RatesSnapshot> {
    const startedAt = now();
    try {
      const response = await fetchRates(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`Exchange-rate service answered ${response.status}`);
      const rates = supportedRates(await response.json());
      const snapshot = { rates, lastUpdated: startedAt.toISOString(), error: null };
      cached = { snapshot, expiresAt: startedAt.getTime() + ttlMs };
      return snapshot;
    } catch (error) {
      logError(error);
      const snapshot = { rates: { ...FALLBACK_RATES }, lastUpdated: startedAt.toISOString(), error: MSG.pricing.ratesFailed };
      cached = { snapshot, expiresAt: startedAt.getTime() + failureTtlMs };
      return snapshot;
    }
  }

  /** Starts a fetch, or joins the one under way. */
  function refresh(): Promise<RatesSnapshot> {
    pending ??= load().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    refresh,
    /** Fresh rates at once; expired ones are still answered at once while a refresh runs behind them. */
    getRates(): Promise<RatesSnapshot> {
      if (!cached) return refresh();
      if (now().getTime() >= cached.expiresAt) void refresh();
      return Promise.resolve(cached.snapshot);
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;

/**
 * Keeps the supported currencies of a service answer; a currency the service lacks keeps its
 * built-in rate, and GBP is always 1. An answer without usable `rates` is a failure.
 */
function supportedRates(body: unknown): Rates {
  const received = (body as { rates?: unknown } | null)?.rates;
  if (!received || typeof received !== "object") throw new Error("Exchange-rate answer has no rates");
  const usable = Object.entries(received).filter(
    ([code, rate]) => isSupportedCurrency(code) && typeof rate === "number" && Number.isFinite(rate) && rate > 0,
  );
  if (usable.length === 0) throw new Error("Exchange-rate answer has no usable rates");
  const rates: Rates = { ...FALLBACK_RATES, ...Object.fromEntries(usable) };
  rates[BASE_CURRENCY] = 1;
  return rates;
}

/** The shop's one rates service (EXCHANGE_RATES_URL, else the public default). */
export const ratesService = createRatesService({ url: readStorefrontConfig().EXCHANGE_RATES_URL });
