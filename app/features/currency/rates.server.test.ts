import { describe, expect, it } from "vitest";
import type { ExchangeRatesDto } from "#contract/dto/exchange-rates.ts";
import { MSG } from "#contract/messages.ts";
import { FALLBACK_RATES } from "./currency.ts";
import { ratesSnapshot } from "./rates.server.ts";

describe("ratesSnapshot", () => {
  it("takes the shared answer's supported currencies, the built-in rate for the others, GBP always 1", () => {
    const snapshot = ratesSnapshot({ rates: { GBP: 0.99, USD: 1.3, EUR: 1.2, XYZ: 9 }, fetched_at: "2026-11-22T10:00:00.000Z" });
    expect(snapshot.error).toBeNull();
    expect(snapshot.rates).toMatchObject({ GBP: 1, USD: 1.3, EUR: 1.2 });
    expect(snapshot.rates.XYZ).toBeUndefined();
    expect(snapshot.rates.JPY).toBe(FALLBACK_RATES.JPY);
  });

  it("is the built-in table with the failure's message without an answer or a supported rate", () => {
    const answers: (ExchangeRatesDto | null)[] = [
      null,
      { rates: {}, fetched_at: null },
      { rates: { XYZ: 2 }, fetched_at: "2026-11-22T10:00:00.000Z" },
    ];
    for (const answer of answers) {
      expect(ratesSnapshot(answer)).toEqual({ rates: FALLBACK_RATES, error: MSG.pricing.ratesFailed });
    }
  });
});
