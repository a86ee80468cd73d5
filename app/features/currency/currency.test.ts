import { describe, expect, it } from "vitest";
import {
  CURRENCY_CHOICES,
  convert,
  currencyInfo,
  FALLBACK_RATES,
  formatPrice,
  isSupportedCurrency,
  ratesForDisplay,
  SUPPORTED_CURRENCIES,
} from "./currency.ts";
import { currencyLabel } from "./price-format.ts";

describe("SUPPORTED_CURRENCIES", () => {
  it("holds about 90 currencies, each with a name, a symbol and a positive rate", () => {
    expect(SUPPORTED_CURRENCIES.length).toBeGreaterThanOrEqual(85);
    expect(SUPPORTED_CURRENCIES.length).toBeLessThanOrEqual(95);
    for (const currency of SUPPORTED_CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.name.length).toBeGreaterThan(0);
      expect(currency.symbol.trim().length).toBeGreaterThan(0);
      expect(currency.rate).toBeGreaterThan(0);
    }
  });

  it("starts with GBP at rate 1, then lists the rest alphabetically by code without duplicates", () => {
    const [first, ...rest] = SUPPORTED_CURRENCIES;
    expect(first).toEqual({ code: "GBP", name: "British Pound", symbol: "£", rate: 1 });
    const codes = rest.map((currency) => currency.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain("GBP");
  });

  it("has the six published fallback rates exactly", () => {
    expect(FALLBACK_RATES).toMatchObject({ USD: 1.27, EUR: 1.17, PKR: 350, AED: 4.67, JPY: 188, INR: 105.5, GBP: 1 });
  });
});

describe("isSupportedCurrency", () => {
  it("accepts listed codes and refuses anything else", () => {
    expect(isSupportedCurrency("GBP")).toBe(true);
    expect(isSupportedCurrency("USD")).toBe(true);
    expect(isSupportedCurrency("usd")).toBe(false);
    expect(isSupportedCurrency("XYZ")).toBe(false);
    expect(isSupportedCurrency("")).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
  });

  it("finds a currency's details by code", () => {
    expect(currencyInfo("EUR")).toMatchObject({ name: "Euro", symbol: "€" });
    expect(currencyInfo("XYZ")).toBeUndefined();
  });
});

describe("convert", () => {
  const rates = { GBP: 1, USD: 1.27, EUR: 1.17, JPY: 188 };

  it("divides by the source rate and multiplies by the target rate, to 2 decimals", () => {
    expect(convert(12.5, "GBP", "USD", rates)).toBe(15.88);
    expect(convert(100, "GBP", "JPY", rates)).toBe(18800);
    expect(convert(15.88, "USD", "GBP", rates)).toBe(12.5);
    expect(convert(10, "USD", "EUR", rates)).toBe(9.21);
  });

  it("returns the amount unchanged, unrounded, for the same currency", () => {
    expect(convert(12.3456, "USD", "USD", rates)).toBe(12.3456);
    expect(convert(0.005, "GBP", "GBP", rates)).toBe(0.005);
  });

  it("rounds halves away from zero despite binary noise", () => {
    const one = { GBP: 1, ONE: 1 };
    expect(convert(0.005, "GBP", "ONE", one)).toBe(0.01);
    expect(convert(1.005, "GBP", "ONE", one)).toBe(1.01);
    expect(convert(2.675, "GBP", "ONE", one)).toBe(2.68);
    expect(convert(1.004999, "GBP", "ONE", one)).toBe(1);
    expect(convert(0.004, "GBP", "ONE", one)).toBe(0);
    expect(convert(-0.005, "GBP", "ONE", one)).toBe(-0.01);
  });

  it("uses the built-in rate for a supported currency missing from the given rates", () => {
    expect(convert(10, "GBP", "PKR", { GBP: 1 })).toBe(3500);
  });

  it("refuses a currency it has no rate for", () => {
    expect(() => convert(10, "GBP", "XYZ", rates)).toThrow(RangeError);
  });
});

describe("formatPrice", () => {
  it("writes the symbol then the amount with 2 decimals", () => {
    expect(formatPrice(12.5, "GBP")).toBe("£12.50");
    expect(formatPrice(15.875, "USD")).toBe("$15.88");
    expect(formatPrice(1.005, "EUR")).toBe("€1.01");
    expect(formatPrice(0, "GBP")).toBe("£0.00");
    expect(formatPrice(1234567.891, "JPY")).toBe("¥1234567.89");
  });

  it("falls back to the currency code when the symbol is unknown", () => {
    expect(formatPrice(3, "XYZ")).toBe("XYZ3.00");
  });

  it("puts the minus sign before the symbol", () => {
    expect(formatPrice(-5, "GBP")).toBe("\u2212£5.00");
    expect(formatPrice(-0.001, "GBP")).toBe("£0.00");
  });

  it("converts a GBP amount first when rates are given", () => {
    expect(formatPrice(12.5, "USD", { GBP: 1, USD: 1.27 })).toBe("$15.88");
    expect(formatPrice(12.5, "GBP", { GBP: 1, USD: 1.27 })).toBe("£12.50");
  });
});

describe("ratesForDisplay", () => {
  it("keeps the base's and the display currency's rates, and prices the same as the whole table", () => {
    const live = { ...FALLBACK_RATES, USD: 1.3 };
    const trimmed = ratesForDisplay("USD", live);
    expect(trimmed).toEqual({ GBP: 1, USD: 1.3 });
    expect(formatPrice(149, "USD", trimmed)).toBe(formatPrice(149, "USD", live));
  });
});

describe("currencyLabel", () => {
  it("shows the code, then the symbol", () => {
    expect(currencyLabel({ code: "EUR", symbol: "€" })).toBe("EUR €");
    expect(currencyLabel({ code: "CHF", symbol: "CHF " })).toBe("CHF");
    expect(currencyLabel({ code: "AED", symbol: "AED " })).toBe("AED");
    expect(currencyLabel({ code: "BHD", symbol: "BD " })).toBe("BHD BD");
  });
});

describe("CURRENCY_CHOICES", () => {
  it("lists every supported currency in the table's order, each with its label and name", () => {
    expect(CURRENCY_CHOICES.map((choice) => choice.code)).toEqual(SUPPORTED_CURRENCIES.map((currency) => currency.code));
    expect(CURRENCY_CHOICES[0]).toEqual({ code: "GBP", label: "GBP £", name: "British Pound" });
    expect(CURRENCY_CHOICES.find((choice) => choice.code === "CHF")).toEqual({ code: "CHF", label: "CHF", name: "Swiss Franc" });
  });
});
