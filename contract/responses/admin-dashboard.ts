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

const moneyWaiting = z.object({ order_code: z.string(), email: z.string(), amount: z.number(), since: timestampSchema });

/**
 * `GET /admin/waiting`: what the dashboard counts as waiting on someone, item by item: payments the recovery pass
 * has yet to settle (as `payments:pending` lists them) and e-mails failed or retrying in the outbox.
 */
export const adminWaitingSchema = z.object({
  payments: z.object({
    /** Payment submissions still processing: their order code once the order exists. */
    attempts: z.array(
      z.object({
        id: z.int(),
        email: z.string(),
        method: z.string(),
        amount: z.number().nullable(),
        order_code: z.string().nullable(),
        since: timestampSchema,
      }),
    ),
    /** Orders whose payment is only authorised (the pass captures them). */
    authorised_orders: z.array(moneyWaiting),
    /** Hosted checkouts open, their stock held until paid or expired. */
    open_checkouts: z.array(moneyWaiting.extend({ expires_at: timestampSchema.nullable() })),
    /** Cancelled orders whose money has not gone back yet. */
    refunds_owed: z.array(moneyWaiting),
    /** Refunds of returns and claims the provider has not done, with its last error. */
    pending_refunds: z.array(moneyWaiting.extend({ return_code: z.string().nullable(), last_error: z.string().nullable() })),
  }),
  /** E-mails failed for good, or retrying after a failed attempt, newest first (at most 100 of each). */
  emails: z.array(
    z.object({
      id: z.int(),
      template: z.string(),
      recipient: z.string(),
      status: z.enum(["failed", "retrying"]),
      attempts: z.int(),
      last_error: z.string().nullable(),
      next_attempt_at: timestampSchema.nullable(),
      created_at: timestampSchema,
    }),
  ),
});
