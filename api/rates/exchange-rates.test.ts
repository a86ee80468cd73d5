import getPort from "get-port";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_CATALOGUE_CACHING } from "#api/catalogue/read-cache.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { RATES_TIMING, type RatesSource, sharedExchangeRates } from "./exchange-rates.service.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

/** A rate service answering `usd` for USD, counting its calls; `fail` makes it refuse. */
function service(usd: number) {
  const state = { fail: false };
  const fetch = vi.fn(async () => {
    if (state.fail) throw new TypeError("fetch failed");
    return Response.json({ result: "success", rates: { GBP: 1, USD: usd, EUR: 1.2, XYZ: "bad", lower: 3 } });
  });
  return { source: { url: `https://rates-${usd}.test/latest/GBP`, fetch } satisfies RatesSource, fetch, state };
}

/** What one instance would call: its own rate service, the shared database. */
const instance = (source: RatesSource, logger = pino({ level: "silent" })) => ({
  db: api.db,
  clock: api.clock,
  logger,
  ratesSource: source,
  catalogue: NO_CATALOGUE_CACHING,
});

const generation = async () =>
  Number((await api.db.kysely.selectFrom("catalogue_generation").select("generation").executeTakeFirstOrThrow()).generation);

describe("shared exchange rates", () => {
  it("are fetched by one instance and answered alike by every other, which never asks its own service", async () => {
    const [first, second] = [service(1.25), service(1.5)];
    const answer = await sharedExchangeRates(instance(first.source));
    expect(answer).toEqual({ rates: { GBP: 1, USD: 1.25, EUR: 1.2 }, fetched_at: api.clock.now().toISOString() });
    expect(await sharedExchangeRates(instance(second.source))).toEqual(answer);
    expect(first.fetch).toHaveBeenCalledTimes(1);
    expect(second.fetch).not.toHaveBeenCalled();
  });

  it("ask the service once for concurrent first requests; the others answer its rates, or none until it has answered", async () => {
    const { source, fetch } = service(1.25);
    const answers = await Promise.all([1, 2, 3].map(() => sharedExchangeRates(instance(source))));
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const answer of answers) expect([undefined, 1.25]).toContain(answer.rates.USD);
    expect(answers.some((answer) => answer.rates.USD === 1.25)).toBe(true);
    expect((await sharedExchangeRates(instance(source))).rates.USD).toBe(1.25);
  });

  it("answer the stored rates while one instance refreshes stale ones, and the new rates raise the catalogue generation", async () => {
    const { source, fetch } = service(1.25);
    await sharedExchangeRates(instance(source));
    api.clock.advance(RATES_TIMING.freshMs - 1);
    await sharedExchangeRates(instance(source));
    expect(fetch).toHaveBeenCalledTimes(1);

    const newer = service(1.3);
    const before = await generation();
    api.clock.advance(1);
    expect((await sharedExchangeRates(instance(newer.source))).rates.USD).toBe(1.25);
    await vi.waitFor(async () => expect((await sharedExchangeRates(instance(source))).rates.USD).toBe(1.3));
    expect(newer.fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await generation()).toBeGreaterThan(before);
  });

  it("remember a failure (no rates) for the failure window, then ask again", async () => {
    const { source, fetch, state } = service(1.25);
    state.fail = true;
    expect(await sharedExchangeRates(instance(source))).toEqual({ rates: {}, fetched_at: api.clock.now().toISOString() });
    api.clock.advance(RATES_TIMING.failureMs - 1);
    await sharedExchangeRates(instance(source));
    expect(fetch).toHaveBeenCalledTimes(1);

    state.fail = false;
    api.clock.advance(1);
    await sharedExchangeRates(instance(source));
    await vi.waitFor(async () => expect((await sharedExchangeRates(instance(source))).rates.USD).toBe(1.25));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("log an unreachable service as one warning line with the reason, no stack", async () => {
    const warn = vi.fn();
    const logger = { warn, error: vi.fn() } as unknown as pino.Logger;
    const url = `http://127.0.0.1:${await getPort({ host: "127.0.0.1" })}/latest/GBP`;
    expect(await sharedExchangeRates(instance({ url }, logger))).toMatchObject({ rates: {} });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ url, reason: expect.stringMatching(/^fetch failed: .*ECONNREFUSED/) }, expect.any(String));
  });

  it("are answered at GET /public/exchange-rates", async () => {
    const { status, body } = await api.call("GET", "/public/exchange-rates");
    expect(status).toBe(200);
    expect(body.data).toEqual({ rates: { GBP: 1, USD: 1.25, EUR: 1.2 }, fetched_at: expect.any(String) });
  });
});
