import { BASE_CURRENCY } from "#contract/constants.ts";

/** Units of each currency per 1 GBP, keyed by ISO code. */
export type Rates = Record<string, number>;

/** The base currency's symbol, for prices shown before the root loader's data (an error screen). */
export const BASE_CURRENCY_SYMBOL = "£";

/**
 * Price formatting without the currency table: the browser gets the display currency's symbol and rates from
 * the root loader, so the ninety currencies' names and fallback rates stay on the server.
 */
export interface DisplayCurrency {
  currency: string;
  currencySymbol: string;
  rates: Rates;
}

/** Rounds half away from zero, after removing binary noise (so 1.005 is 1.01, not 1.00). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor || 0;
}

/** Conversion: amount / source rate * target rate, to 2 decimals. */
export function convertAt(amount: number, fromRate: number, toRate: number): number {
  return roundTo((amount / fromRate) * toRate, 2);
}

/** The typographic minus (U+2212) every negative amount starts with, such as a discount. */
export const MINUS_SIGN = "\u2212";

/** Symbol then amount with 2 decimals ('£12.50', '−£5.00'); a negative amount, such as a discount, is a deduction. */
export function formatAmount(value: number, symbol: string): string {
  const rounded = roundTo(value, 2);
  return `${rounded < 0 ? MINUS_SIGN : ""}${symbol}${Math.abs(rounded).toFixed(2)}`;
}

/** A GBP amount in the display currency; `rates` holds the base's rate and the display currency's. */
export function formatInDisplayCurrency(amountGbp: number, { currency, currencySymbol, rates }: DisplayCurrency): string {
  const value = currency === BASE_CURRENCY ? amountGbp : convertAt(amountGbp, rates[BASE_CURRENCY], rates[currency]);
  return formatAmount(value, currencySymbol);
}

/** 'EUR €': short enough for the top bar on a phone; a symbol that is the code itself is not repeated. */
export function currencyLabel({ code, symbol }: { code: string; symbol: string }): string {
  const sign = symbol.trim();
  return sign === code ? code : `${code} ${sign}`;
}
