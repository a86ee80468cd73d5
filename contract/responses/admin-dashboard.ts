import { z } from "zod";
import { paginationSchema } from "#contract/envelope.ts";
import { timestampSchema } from "./product.ts";

/** The back office's dashboard and audit log as the API answers them. Money is GBP with two decimals. */

/** Sales over a span of days: revenue, how many orders, and the average order's value (0 without orders). */
export const salesFigureSchema = z.object({
  revenue: z.number(),
  orders: z.int(),
  average: z.number(),
});

/** `GET /admin/dashboard`: the figures an operator runs the day from, each as of `generated_at` (UTC days). */
export const adminDashboardSchema = z.object({
  generated_at: timestampSchema,
  /** Paid orders not shipped yet (confirmed or processing), and the oldest of them. */
  to_ship: z.object({
    count: z.int(),
    oldest: z.object({ code: z.string(), created_at: timestampSchema }).nullable(),
  }),
  /** Each of the last 30 UTC days, oldest first, today last (days without sales at 0). */
  sales_by_day: z.array(z.object({ day: z.iso.date(), revenue: z.number(), orders: z.int() })),
  /** Today, the last 7 and the last 30 days (today included), each against the same number of days before it. */
  periods: z.array(z.object({ days: z.int(), current: salesFigureSchema, previous: salesFigureSchema })),
  /** The products that sold the most units in the last 30 days. */
  best_sellers: z.array(z.object({ product_id: z.int(), name: z.string(), units: z.int(), revenue: z.number() })),
  /** Variants of active products with at most `threshold` units left (LOW_STOCK_THRESHOLD), fewest first. */
  low_stock: z.object({
    threshold: z.int(),
    count: z.int(),
    variants: z.array(
      z.object({
        product_id: z.int(),
        product_name: z.string(),
        sku: z.string(),
        color_name: z.string(),
        size: z.string(),
        stock: z.int(),
      }),
    ),
  }),
  /** What the payment recovery pass still has to settle (payments:pending lists each). */
  payments_waiting: z.object({
    /** Payment submissions still processing. */
    attempts: z.int(),
    /** Pending orders whose payment is authorised but not captured. */
    authorised_orders: z.int(),
    /** Cancelled orders whose money has not gone back, and returns' refunds the provider has not done. */
    refunds_owed: z.int(),
  }),
  /** Transactional e-mails that gave up, and those waiting to be tried again after a failure. */
  emails: z.object({ failed: z.int(), retrying: z.int() }),
  /** Returns whose parcel is on its way back (requested, goods to come back). */
  returns_to_receive: z.int(),
  /** Contact messages no operator has marked handled. */
  messages_unhandled: z.int(),
});

/** One entry of `GET /admin/audit`: who changed what, when, with the subject's state before and after. */
export const auditEntrySchema = z.object({
  id: z.int(),
  created_at: timestampSchema,
  actor_email: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.json().nullable(),
  after: z.json().nullable(),
});

/** `GET /admin/audit`: one page of the entries the filters match, newest first, and every operator and kind of change in the log. */
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  actors: z.array(z.string()),
  actions: z.array(z.string()),
  pagination: paginationSchema,
});
