import { toCsv } from "./csv.ts";
import type { OrderExportRowDto } from "./dto/admin.ts";
import { MSG } from "./messages.ts";

/** A GBP amount as a spreadsheet reads it: 12.5 → "12.50". */
const amount = (gbp: number) => gbp.toFixed(2);

/**
 * The orders export as CSV (the back office's download and `orders:export` alike): one row per order, its lines in
 * one cell joined by "; ", money with two decimals, every cell guarded against spreadsheet formulas by `toCsv`.
 */
export function ordersCsv(orders: readonly OrderExportRowDto[]): string {
  return toCsv([
    MSG.admin.orders.exportHeader,
    ...orders.map((order) => [
      order.code,
      order.created_at,
      `${order.customer_name} <${order.customer_email}>`,
      order.items.join("; "),
      amount(order.subtotal),
      amount(order.discount),
      amount(order.delivery),
      amount(order.total),
      amount(order.refunded),
      order.status,
    ]),
  ]);
}

/** The download's file name: `orders-2026-11-01-to-2026-11-30.csv`. */
export const ordersCsvName = (from: string, to: string) => `orders-${from}-to-${to}.csv`;
