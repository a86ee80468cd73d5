import type { Logger } from "pino";
import type { CatalogueGeneration } from "#api/catalogue/read-cache.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { ExchangeRatesTable } from "#api/db/schema.ts";
import type { ExchangeRatesDto } from "#contract/dto/exchange-rates.ts";

/** Where exchange rates come from: a GBP-based service (EXCHANGE_RATES_URL), asked by one process at a time. */
export interface RatesSource {
  url: string;
  fetch?: typeof fetch;
}

/** How long an answer is used, and a failure remembered, before the service is asked again; how long one try may take. */
export const RATES_TIMING = { freshMs: 6 * 60 * 60 * 1000, failureMs: 5 * 60 * 1000, fetchTimeoutMs: 3_000 } as const;

/** A process that claimed the refresh and has not written an answer this long after is taken to have died. */
const CLAIM_EXPIRES_MS = 30_000;

interface RatesDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  ratesSource: RatesSource;
  catalogue: { generation: Pick<CatalogueGeneration, "check"> };
}

/**
 * The exchange rates every instance converts prices at: the service's last answer, kept in the database. While it
 * is fresh it is answered as stored; once stale, the one process that claims the refresh asks the service (the
 * others, and that one meanwhile, answer the stored rates), writes the answer and raises the catalogue generation,
 * so kept pages with converted prices are made again everywhere within the catalogue's freshness bound. Only the
 * very first request of a new database waits for the service (or, in another process, answers no rates until the
 * first answer is written).
 */
export async function sharedExchangeRates(deps: RatesDeps): Promise<ExchangeRatesDto> {
  const { db, clock, logger } = deps;
  const stored = await db.kysely.selectFrom("exchange_rates").selectAll().where("id", "=", 1).executeTakeFirst();
  const now = isoNow(clock);
  if (stored && stored.fresh_until > now) return toDto(stored);
  if (!(await claimRefresh(db, now, stored !== undefined))) return stored ? toDto(stored) : NONE;
  const refreshed = refresh(deps);
  if (!stored) return refreshed;
  refreshed.catch((error: unknown) => logger.error({ err: error }, "storing the exchange rates failed"));
  return toDto(stored);
}

const NONE: ExchangeRatesDto = { rates: {}, fetched_at: null };

function toDto(row: Pick<ExchangeRatesTable, "rates" | "fetched_at">): ExchangeRatesDto {
  return { rates: JSON.parse(row.rates) as Record<string, number>, fetched_at: row.fetched_at };
}

/** Whether this process won the right to ask the service now: one claim at a time, a dead claimant's expiring. */
async function claimRefresh(db: Db, now: string, rowExists: boolean): Promise<boolean> {
  if (!rowExists) {
    const inserted = await db.kysely
      .insertInto("exchange_rates")
      .values({ id: 1, rates: "{}", fetched_at: null, fresh_until: now, refreshing_since: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const expiredClaim = new Date(new Date(now).getTime() - CLAIM_EXPIRES_MS).toISOString();
  const claimed = await db.kysely
    .updateTable("exchange_rates")
    .set({ refreshing_since: now })
    .where("id", "=", 1)
    .where("fresh_until", "<=", now)
    .where((eb) => eb.or([eb("refreshing_since", "is", null), eb("refreshing_since", "<", expiredClaim)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Asks the service and stores its answer, or the failure (no rates) for a shorter while, with a new catalogue generation. */
async function refresh(deps: RatesDeps): Promise<ExchangeRatesDto> {
  const { db, clock, logger, ratesSource } = deps;
  const askedAt = clock.now();
  let rates: Record<string, number> = {};
  try {
    rates = await fetchRates(ratesSource);
  } catch (error) {
    // Offline (or with the service down) this is expected: one warning line, no stack; the storefront uses its table.
    const reason = error instanceof Error && error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : String(error);
    logger.warn({ url: ratesSource.url, reason }, "exchange rates unavailable: the storefront uses its built-in table");
  }
  const reached = Object.keys(rates).length > 0;
  const row = {
    rates: JSON.stringify(rates),
    fetched_at: askedAt.toISOString(),
    fresh_until: new Date(askedAt.getTime() + (reached ? RATES_TIMING.freshMs : RATES_TIMING.failureMs)).toISOString(),
    refreshing_since: null,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("exchange_rates").set(row).where("id", "=", 1).execute();
  });
  await deps.catalogue.generation.check();
  return toDto(row);
}

/** The service's rates that are finite positive numbers under a three-letter code; throws when there are none. */
async function fetchRates(source: RatesSource): Promise<Record<string, number>> {
  const response = await (source.fetch ?? fetch)(source.url, {
    signal: AbortSignal.timeout(RATES_TIMING.fetchTimeoutMs),
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Exchange-rate service answered ${response.status}`);
  const received = ((await response.json()) as { rates?: unknown } | null)?.rates;
  if (!received || typeof received !== "object") throw new Error("Exchange-rate answer has no rates");
  const usable = Object.entries(received).filter(
    (entry): entry is [string, number] =>
      /^[A-Z]{3}$/.test(entry[0]) && typeof entry[1] === "number" && Number.isFinite(entry[1]) && entry[1] > 0,
  );
  if (usable.length === 0) throw new Error("Exchange-rate answer has no usable rates");
  return Object.fromEntries(usable);
}
