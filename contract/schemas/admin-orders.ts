import { z } from "zod";
import { CARRIER_IDS } from "#contract/carriers.ts";
import { ORDER_LIST_STATUSES, ORDER_STATUSES } from "#contract/checkout.ts";
import { EMAIL_MAX, ORDERS_EXPORT_MAX_DAYS, PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/** The back office's order requests: the list's filters, a status change and shipping, shared by its pages and the API. */

export const PAGE_MAX = 100_000;
/** A tracking number as carriers print it, spaces dropped: Royal Mail's 13, DPD's 14, Evri's 16, DHL's 10 and more. */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9]{8,30}$/;

export const emptyAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
/** A UTC day typed as YYYY-MM-DD (a date input's value); blank is none. */
export const isoDay = z.preprocess(
  emptyAsMissing,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.admin.orders.badDate)
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day),
      MSG.admin.orders.badDate,
    )
    .optional(),
);

/** `GET /admin/orders` and the list page's GET form: every filter optional, blank meaning "any". */
export const adminOrderListQuery = z
  .object({
    status: z.preprocess(emptyAsMissing, z.enum(ORDER_LIST_STATUSES, MSG.admin.orders.badStatus).optional()),
    from: isoDay,
    to: isoDay,
    /** An order code or (part of) a customer's e-mail. */
    q: z.preprocess(emptyAsMissing, z.string().trim().max(EMAIL_MAX, MSG.admin.orders.searchTooLong(EMAIL_MAX)).optional()),
    page: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(PAGE_MAX).default(1)),
    limit: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(100).default(PAGE_SIZE.adminOrders)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], message: MSG.admin.orders.datesReversed });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

/** Days from `from` to `to`, both counted. */
const daysSpanned = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * `GET /admin/orders/export`, the list page's export form and `orders:export`: the UTC days the orders were placed,
 * both required and counted, at most ORDERS_EXPORT_MAX_DAYS of them.
 */
export const orderExportQuery = z
  .object({
    from: z.preprocess(emptyAsMissing, isoDay.pipe(z.string(MSG.admin.orders.exportDatesRequired))),
    to: z.preprocess(emptyAsMissing, isoDay.pipe(z.string(MSG.admin.orders.exportDatesRequired))),
  })
  .refine((query) => query.from <= query.to, { path: ["to"], message: MSG.admin.orders.datesReversed })
  .refine((query) => query.from > query.to || daysSpanned(query.from, query.to) <= ORDERS_EXPORT_MAX_DAYS, {
    path: ["to"],
    message: MSG.admin.orders.exportTooLong(ORDERS_EXPORT_MAX_DAYS),
  });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** An order code in a path: trimmed and upper-cased, as the shop writes them (MN-7K3F-9Q2A). */
export const orderCodeParam = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,32}$/, MSG.admin.orders.badCode),
});

/** `POST /admin/orders/{code}/status`: any allowed move but shipping, which has its own request. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, MSG.admin.orders.badStatus).refine((status) => status !== "shipped", MSG.admin.orders.shipNeedsTracking),
});

/** `POST /admin/orders/{code}/ship`: the carrier and its tracking number (spaces dropped, upper-cased). */
export const shipOrderSchema = z.object({
  carrier: z.enum(CARRIER_IDS, MSG.admin.orders.carrierRequired),
  tracking_number: z
    .string({ error: MSG.admin.orders.trackingRequired })
    .max(64, MSG.admin.orders.trackingInvalid)
    .transform((typed) => typed.replace(/\s+/g, "").toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: MSG.admin.orders.trackingRequired, abort: true })
        .regex(TRACKING_NUMBER_PATTERN, MSG.admin.orders.trackingInvalid),
    ),
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;
