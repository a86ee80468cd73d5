import { BASE_CURRENCY } from "#contract/constants.ts";
import { BASE_CURRENCY_SYMBOL, convertAt, currencyLabel, formatAmount, type Rates } from "./price-format.ts";

export type { Rates } from "./price-format.ts";

/** A display currency: name, symbol and a fallback rate (units per 1 GBP). */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  rate: number;
}

/**
 * The supported currencies: GBP (the base) first, then alphabetical by code.
 * Rates are the built-in fallback used when the live service cannot be reached;
 * symbols are unambiguous where several currencies share a sign ($, kr, ¥), and a symbol written
 * as letters carries its own trailing space so that "symbol then amount" reads 'AED 4.67'.
 */
export const SUPPORTED_CURRENCIES = [
  { code: "GBP", name: "British Pound", symbol: BASE_CURRENCY_SYMBOL, rate: 1 },
  { code: "AED", name: "UAE Dirham", symbol: "AED ", rate: 4.67 },
  { code: "ARS", name: "Argentine Peso", symbol: "AR$", rate: 1850 },
  { code: "AUD", name: "Australian Dollar", symbol: "A$", rate: 1.95 },
  { code: "AZN", name: "Azerbaijani Manat", symbol: "₼", rate: 2.16 },
  { code: "BDT", name: "Bangladeshi Taka", symbol: "৳", rate: 155 },
  { code: "BHD", name: "Bahraini Dinar", symbol: "BD ", rate: 0.478 },
  { code: "BND", name: "Brunei Dollar", symbol: "B$", rate: 1.7 },
  { code: "BOB", name: "Bolivian Boliviano", symbol: "Bs", rate: 8.78 },
  { code: "BRL", name: "Brazilian Real", symbol: "R$", rate: 7.05 },
  { code: "BWP", name: "Botswana Pula", symbol: "P", rate: 17.2 },
  { code: "CAD", name: "Canadian Dollar", symbol: "C$", rate: 1.76 },
  { code: "CHF", name: "Swiss Franc", symbol: "CHF ", rate: 1.08 },
  { code: "CLP", name: "Chilean Peso", symbol: "CLP$", rate: 1200 },
  { code: "CNY", name: "Chinese Yuan", symbol: "CN¥", rate: 9.1 },
  { code: "COP", name: "Colombian Peso", symbol: "COL$", rate: 5000 },
  { code: "CRC", name: "Costa Rican Colón", symbol: "₡", rate: 640 },
  { code: "CZK", name: "Czech Koruna", symbol: "Kč", rate: 28.6 },
  { code: "DKK", name: "Danish Krone", symbol: "DKr", rate: 8.73 },
  { code: "DOP", name: "Dominican Peso", symbol: "RD$", rate: 78 },
  { code: "DZD", name: "Algerian Dinar", symbol: "DA ", rate: 169 },
  { code: "EGP", name: "Egyptian Pound", symbol: "E£", rate: 62 },
  { code: "ETB", name: "Ethiopian Birr", symbol: "Birr ", rate: 180 },
  { code: "EUR", name: "Euro", symbol: "€", rate: 1.17 },
  { code: "FJD", name: "Fijian Dollar", symbol: "FJ$", rate: 2.88 },
  { code: "GEL", name: "Georgian Lari", symbol: "₾", rate: 3.44 },
  { code: "GHS", name: "Ghanaian Cedi", symbol: "GH₵", rate: 15.5 },
  { code: "GTQ", name: "Guatemalan Quetzal", symbol: "Q", rate: 9.75 },
  { code: "HKD", name: "Hong Kong Dollar", symbol: "HK$", rate: 9.9 },
  { code: "HUF", name: "Hungarian Forint", symbol: "Ft", rate: 450 },
  { code: "IDR", name: "Indonesian Rupiah", symbol: "Rp", rate: 21000 },
  { code: "ILS", name: "Israeli New Shekel", symbol: "₪", rate: 4.25 },
  { code: "INR", name: "Indian Rupee", symbol: "₹", rate: 105.5 },
  { code: "IQD", name: "Iraqi Dinar", symbol: "IQD ", rate: 1664 },
  { code: "ISK", name: "Icelandic Króna", symbol: "ÍKr", rate: 163 },
  { code: "JMD", name: "Jamaican Dollar", symbol: "J$", rate: 201 },
  { code: "JOD", name: "Jordanian Dinar", symbol: "JD ", rate: 0.9 },
  { code: "JPY", name: "Japanese Yen", symbol: "¥", rate: 188 },
  { code: "KES", name: "Kenyan Shilling", symbol: "KSh", rate: 164 },
  { code: "KHR", name: "Cambodian Riel", symbol: "៛", rate: 5100 },
  { code: "KRW", name: "South Korean Won", symbol: "₩", rate: 1780 },
  { code: "KWD", name: "Kuwaiti Dinar", symbol: "KD ", rate: 0.39 },
  { code: "KZT", name: "Kazakhstani Tenge", symbol: "₸", rate: 660 },
  { code: "LBP", name: "Lebanese Pound", symbol: "LBP ", rate: 113700 },
  { code: "LKR", name: "Sri Lankan Rupee", symbol: "LKR ", rate: 383 },
  { code: "MAD", name: "Moroccan Dirham", symbol: "MAD ", rate: 11.7 },
  { code: "MNT", name: "Mongolian Tögrög", symbol: "₮", rate: 4560 },
  { code: "MOP", name: "Macanese Pataca", symbol: "MOP$", rate: 10.2 },
  { code: "MUR", name: "Mauritian Rupee", symbol: "MURs ", rate: 58 },
  { code: "MVR", name: "Maldivian Rufiyaa", symbol: "Rf", rate: 19.6 },
  { code: "MXN", name: "Mexican Peso", symbol: "MX$", rate: 23.4 },
  { code: "MYR", name: "Malaysian Ringgit", symbol: "RM", rate: 5.35 },
  { code: "NAD", name: "Namibian Dollar", symbol: "N$", rate: 22.5 },
  { code: "NGN", name: "Nigerian Naira", symbol: "₦", rate: 1900 },
  { code: "NOK", name: "Norwegian Krone", symbol: "NKr", rate: 13.6 },
  { code: "NPR", name: "Nepalese Rupee", symbol: "NPRs ", rate: 169 },
  { code: "NZD", name: "New Zealand Dollar", symbol: "NZ$", rate: 2.2 },
  { code: "OMR", name: "Omani Rial", symbol: "OMR ", rate: 0.489 },
  { code: "PAB", name: "Panamanian Balboa", symbol: "B/.", rate: 1.27 },
  { code: "PEN", name: "Peruvian Sol", symbol: "S/", rate: 4.35 },
  { code: "PHP", name: "Philippine Peso", symbol: "₱", rate: 74.5 },
  { code: "PKR", name: "Pakistani Rupee", symbol: "Rs", rate: 350 },
  { code: "PLN", name: "Polish Złoty", symbol: "zł", rate: 4.98 },
  { code: "PYG", name: "Paraguayan Guaraní", symbol: "₲", rate: 9500 },
  { code: "QAR", name: "Qatari Riyal", symbol: "QR ", rate: 4.62 },
  { code: "RON", name: "Romanian Leu", symbol: "lei ", rate: 5.95 },
  { code: "RSD", name: "Serbian Dinar", symbol: "RSD ", rate: 137 },
  { code: "RUB", name: "Russian Ruble", symbol: "₽", rate: 104 },
  { code: "RWF", name: "Rwandan Franc", symbol: "FRw", rate: 1840 },
  { code: "SAR", name: "Saudi Riyal", symbol: "SR ", rate: 4.76 },
  { code: "SCR", name: "Seychellois Rupee", symbol: "SCR ", rate: 18.2 },
  { code: "SEK", name: "Swedish Krona", symbol: "SKr", rate: 12.8 },
  { code: "SGD", name: "Singapore Dollar", symbol: "S$", rate: 1.7 },
  { code: "THB", name: "Thai Baht", symbol: "฿", rate: 42.5 },
  { code: "TND", name: "Tunisian Dinar", symbol: "DT ", rate: 3.85 },
  { code: "TRY", name: "Turkish Lira", symbol: "₺", rate: 54 },
  { code: "TTD", name: "Trinidad and Tobago Dollar", symbol: "TT$", rate: 8.6 },
  { code: "TWD", name: "New Taiwan Dollar", symbol: "NT$", rate: 40.5 },
  { code: "TZS", name: "Tanzanian Shilling", symbol: "TSh", rate: 3200 },
  { code: "UAH", name: "Ukrainian Hryvnia", symbol: "₴", rate: 53.5 },
  { code: "UGX", name: "Ugandan Shilling", symbol: "USh", rate: 4500 },
  { code: "USD", name: "US Dollar", symbol: "$", rate: 1.27 },
  { code: "UYU", name: "Uruguayan Peso", symbol: "$U", rate: 51 },
  { code: "UZS", name: "Uzbekistani Som", symbol: "UZS ", rate: 15600 },
  { code: "VND", name: "Vietnamese Dong", symbol: "₫", rate: 33200 },
  { code: "XAF", name: "Central African CFA Franc", symbol: "FCFA ", rate: 767 },
  { code: "XCD", name: "East Caribbean Dollar", symbol: "EC$", rate: 3.43 },
  { code: "XOF", name: "West African CFA Franc", symbol: "CFA ", rate: 767 },
  { code: "ZAR", name: "South African Rand", symbol: "R", rate: 22.5 },
  { code: "ZMW", name: "Zambian Kwacha", symbol: "ZK", rate: 29.5 },
] as const satisfies readonly Currency[];

export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number]["code"];

const BY_CODE: ReadonlyMap<string, Currency> = new Map(SUPPORTED_CURRENCIES.map((currency) => [currency.code, currency]));

/** The built-in rates, used whenever the live service fails or lacks a currency. */
export const FALLBACK_RATES: Readonly<Rates> = Object.freeze(
  Object.fromEntries(SUPPORTED_CURRENCIES.map(({ code, rate }) => [code, rate])),
);

export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === "string" && BY_CODE.has(code);
}

export function currencyInfo(code: string): Currency | undefined {
  return BY_CODE.get(code);
}

/** The rates a page needs to show GBP amounts in `currency`: the base's and that one's, not all ninety. */
export function ratesForDisplay(currency: string, rates: Rates): Rates {
  return { [BASE_CURRENCY]: rateOf(BASE_CURRENCY, rates), [currency]: rateOf(currency, rates) };
}

function rateOf(code: string, rates: Rates): number {
  const rate = rates[code] ?? FALLBACK_RATES[code];
  if (rate === undefined) throw new RangeError(`No exchange rate for ${code}`);
  return rate;
}

/** Conversion: amount / source rate * target rate, to 2 decimals; the same currency returns the amount as is. */
export function convert(amount: number, from: string, to: string, rates: Rates): number {
  if (from === to) return amount;
  return convertAt(amount, rateOf(from, rates), rateOf(to, rates));
}

/**
 * Symbol then amount with 2 decimals ('£12.50'); an unknown currency shows its code as the symbol.
 * With `rates`, `amount` is in GBP and is converted to `currency` first.
 */
export function formatPrice(amount: number, currency: string, rates?: Rates): string {
  const value = rates ? convert(amount, BASE_CURRENCY, currency, rates) : amount;
  return formatAmount(value, currencyInfo(currency)?.symbol ?? currency);
}

/** One currency of the picker's list: its code, its short label ('EUR €') and its name. */
export interface CurrencyChoice {
  code: string;
  label: string;
  name: string;
}

/**
 * The picker's list, in the table's order: the currency page's, and fetched by the picker when a shopper reaches
 * for it, so no page carries the ninety currencies (decision 0075).
 */
export const CURRENCY_CHOICES: readonly CurrencyChoice[] = SUPPORTED_CURRENCIES.map(({ code, symbol, name }) => ({
  code,
  name,
  label: currencyLabel({ code, symbol }),
}));
