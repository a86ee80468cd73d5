import getPort from "get-port";
import { describe, expect, it, vi } from "vitest";
import { MSG } from "#contract/messages.ts";
import { FALLBACK_RATES } from "./currency.ts";
import { logger } from "./logger.server.ts";
import { createRatesService, DEFAULT_EXCHANGE_RATES_URL, ratesService } from "./rates.server.ts";

const RATES_URL = "https://rates.test/latest/GBP";

function movableClock(start = "2026-11-22T10:00:00.000Z") {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

function setup(fetchImpl: (input: string | URL | Request, init?: RequestInit) => Promise<Response>, extra = {}) {
  const clock = movableClock();
  const fetch = vi.fn(fetchImpl);
  const logError = vi.fn();
  const service = createRatesService({ fetch, url: RATES_URL, now: clock.now, ttlMs: 60_000, failureTtlMs: 5_000, logError, ...extra });
  return { clock, fetch, logError, service };
}

const answer =
  (body: unknown, status = 200) =>
  async () =>
    Response.json(body, { status });

describe("rates service", () => {
  it("returns the service's rates for supported currencies, GBP always 1", async () => {
    const { service, fetch, logError } = setup(answer({ result: "success", rates: { GBP: 0.99, USD: 1.3, EUR: 1.2, XYZ: 9, JPY: "bad" } }));
    const snapshot = await service.getRates();
    expect(fetch).toHaveBeenCalledWith(RATES_URL, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(snapshot.error).toBeNull();
    expect(snapshot.lastUpdated).toBe("2026-11-22T10:00:00.000Z");
    expect(snapshot.rates).toMatchObject({ GBP: 1, USD: 1.3, EUR: 1.2 });
    expect(snapshot.rates).not.toHaveProperty("XYZ");
    // A currency the answer lacks or garbles keeps its built-in rate.
    expect(snapshot.rates.JPY).toBe(FALLBACK_RATES.JPY);
    expect(snapshot.rates.PKR).toBe(FALLBACK_RATES.PKR);
    expect(logError).not.toHaveBeenCalled();
  });

  it("falls back with the pricing fallback message, logs, and stamps now when the fetch fails", async () => {
    const { service, clock, logError } = setup(async () => {
      throw new TypeError("fetch failed");
    });
    clock.advance(1234);
    const snapshot = await service.getRates();
    expect(snapshot).toEqual({ rates: FALLBACK_RATES, lastUpdated: "2026-11-22T10:00:01.234Z", error: MSG.pricing.ratesFailed });
    expect(snapshot.error).toBe("Failed to fetch exchange rates");
    expect(logError).toHaveBeenCalledWith(expect.any(TypeError));
  });

  it.each([
    ["no rates field", { result: "error", "error-type": "unsupported-code" }, 200],
    ["rates not an object", { rates: "none" }, 200],
    ["no supported rates", { rates: { XYZ: 2 } }, 200],
    ["an error status", { rates: { USD: 2 } }, 503],
  ])("falls back when the answer has %s", async (_case, body, status) => {
    const { service, logError } = setup(answer(body, status));
    const snapshot = await service.getRates();
    expect(snapshot.error).toBe(MSG.pricing.ratesFailed);
    expect(snapshot.rates).toEqual(FALLBACK_RATES);
    expect(logError).toHaveBeenCalledOnce();
  });

  it("falls back when the service does not answer within the timeout", async () => {
    const { service } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
      { timeoutMs: 10 },
    );
    const snapshot = await service.getRates();
    expect(snapshot.error).toBe(MSG.pricing.ratesFailed);
  });

  it("fetches once for many calls while the rates are fresh", async () => {
    const { service, fetch, clock } = setup(answer({ rates: { USD: 1.3 } }));
    const first = await service.getRates();
    clock.advance(59_999);
    expect(await service.getRates()).toBe(first);
    expect(await service.getRates()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("answers expired rates at once while one refresh runs behind them", async () => {
    let usd = 1.3;
    const { service, fetch, clock } = setup(async () => Response.json({ rates: { USD: usd } }));
    const first = await service.getRates();
    usd = 1.31;
    clock.advance(60_000);
    expect(await service.getRates()).toBe(first);
    expect(await service.getRates()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(2);

    const refreshed = await service.refresh();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(refreshed).toMatchObject({ rates: { USD: 1.31 }, lastUpdated: "2026-11-22T10:01:00.000Z" });
    expect(await service.getRates()).toBe(refreshed);
  });

  it("shares one fetch between concurrent callers", async () => {
    let release: (response: Response) => void = () => {};
    const { service, fetch } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const calls = [service.getRates(), service.getRates(), service.getRates()];
    release(Response.json({ rates: { USD: 1.3 } }));
    const snapshots = await Promise.all(calls);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new Set(snapshots).size).toBe(1);
    expect(snapshots[0]?.rates.USD).toBe(1.3);
  });

  it("does not ask a failing service again until the failure window has passed", async () => {
    let failing = true;
    const { service, fetch, clock } = setup(async () => {
      if (failing) throw new TypeError("fetch failed");
      return Response.json({ rates: { USD: 1.3 } });
    });
    await service.getRates();
    clock.advance(4_999);
    const during = await service.getRates();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(during.error).toBe(MSG.pricing.ratesFailed);

    failing = false;
    clock.advance(1);
    expect((await service.getRates()).error).toBe(MSG.pricing.ratesFailed);
    expect(fetch).toHaveBeenCalledTimes(2);
    await service.refresh();
    expect(await service.getRates()).toMatchObject({ error: null, rates: { USD: 1.3 } });
  });

  it("falls back over a real connection that is refused", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const service = createRatesService({ url: `http://127.0.0.1:${port}/latest/GBP`, logError: () => {} });
    const snapshot = await service.getRates();
    expect(snapshot).toMatchObject({ rates: FALLBACK_RATES, error: MSG.pricing.ratesFailed });
  });

  it("logs an unreachable service as one warning line with the reason, no stack", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const port = await getPort({ host: "127.0.0.1" });
    const url = `http://127.0.0.1:${port}/latest/GBP`;
    await createRatesService({ url }).getRates();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ url, reason: expect.stringMatching(/^fetch failed: .*ECONNREFUSED/) }, expect.any(String));
    warn.mockRestore();
  });

  it("offers a default instance and a public GBP-based default service", () => {
    expect(typeof ratesService.getRates).toBe("function");
    expect(DEFAULT_EXCHANGE_RATES_URL).toMatch(/^https:\/\/.+\/GBP$/);
  });
});
