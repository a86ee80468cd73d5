import type { OrderStatus } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { BASE_CURRENCY_SYMBOL, formatAmount } from "../currency/price-format.ts";

/** How orders read to shoppers (dates, statuses, money, page links), pure and isomorphic. */

/** The spec's date format for orders: en-US, in UK time so server and browser render the same text. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "Europe/London" });
}

/** Until when a waiting order's items are held: the time of day in the UK ("14:32"), the hold being minutes long. */
export function formatHeldUntil(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
}

export const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** The statuses the spec gives a colour of their own; "others shown grey" (shipped among them). */
const TONED_STATUSES: readonly OrderStatus[] = ["pending", "confirmed", "processing", "delivered", "completed", "cancelled"];

/** The colour family of a status as shoppers see it: the spec's named ones have their own, anything else shows grey. */
export function statusTone(status: string | null | undefined): OrderStatus | "other" {
  return TONED_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : "other";
}

/** The status as shown: capitalised, 'Confirmed' when the order has none. */
export const statusLabel = (status: string | null | undefined) => (status ? capitalize(status) : MSG.orders.defaultStatus);

/** A money amount with its pound sign, as the order detail shows every amount (a deduction is negative). */
export const pounds = (gbp: number) => formatAmount(gbp, BASE_CURRENCY_SYMBOL);

export { ORDERS_TAB, orderDetailHref, ordersPageHref } from "#contract/paths.ts";
