import { ORDER_STATUSES, type OrderStatus } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { BASE_CURRENCY_SYMBOL, formatAmount } from "./price-format.ts";

/** How orders read to shoppers (dates, statuses, money, page links), pure and isomorphic. */

/** The spec's date format for orders: en-US, in UK time so server and browser render the same text. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "Europe/London" });
}

export const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** The colour family of a status: the named ones have their own, anything else shows grey. */
export function statusTone(status: string | null | undefined): OrderStatus | "other" {
  return (ORDER_STATUSES as readonly string[]).includes(status ?? "") ? (status as OrderStatus) : "other";
}

/** The status as shown: capitalised, 'Confirmed' when the order has none. */
export const statusLabel = (status: string | null | undefined) => (status ? capitalize(status) : MSG.orders.defaultStatus);

/** A money amount with its pound sign, as the order detail shows every amount (a deduction is negative). */
export const pounds = (gbp: number) => formatAmount(gbp, BASE_CURRENCY_SYMBOL);

export const ORDERS_TAB = "/profile?tab=orders";
/** One page of MY ORDERS; page 1 is the tab itself. */
export const ordersPageHref = (page: number) => (page > 1 ? `${ORDERS_TAB}&page=${page}` : ORDERS_TAB);
/** An order's detail dialog over the page of the list it was opened from. */
export const orderDetailHref = (id: number, page = 1) => `${ordersPageHref(page)}&order=${id}`;
