import { z } from "zod";
import { paginationSchema } from "#contract/envelope.ts";
import { DIFFERENCE_STATUSES, RETURN_KINDS, RETURN_RESOLUTIONS, RETURN_STATES } from "#contract/returns.ts";
import { timestampSchema } from "./product.ts";

/** Returns and claims as the API answers them. Money is GBP with two decimals. */

export const shipmentSchema = z.object({ carrier_name: z.string(), tracking_number: z.string(), tracking_url: z.string() });

export const returnItemSchema = z.object({
  /** The return item's own id (the receive form's restock boxes name it). */
  id: z.int(),
  order_item_id: z.int(),
  product_id: z.int(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  variant_name: z.string(),
  product_sku: z.string(),
  quantity: z.int(),
  resolution: z.enum(RETURN_RESOLUTIONS),
  /** What is sent instead (an exchange's other size or colour; a replacement's same one). */
  exchange_variant_name: z.string().nullable(),
  /** What the shopper paid for one, after the order's discount. */
  unit_paid: z.number(),
  /** Once received: whether the units went back to stock; null before. */
  restocked: z.boolean().nullable(),
});

/** An exchange's price difference to a dearer variant: what is owed, where its payment stands, and by when. */
export const differenceSchema = z.object({
  amount: z.number(),
  status: z.enum(DIFFERENCE_STATUSES),
  /** While `due`: when the held exchange is released if it is still unpaid. */
  due_by: timestampSchema.nullable(),
});

/** `GET /public/returns/{code}` and `data` of `POST /public/orders/{id}/returns`: a return as its shopper sees it. */
export const returnSchema = z.object({
  code: z.string(),
  kind: z.enum(RETURN_KINDS),
  reason: z.string(),
  reason_name: z.string(),
  state: z.enum(RETURN_STATES),
  state_name: z.string(),
  goods_back: z.boolean(),
  order_id: z.int(),
  order_code: z.string(),
  created_at: timestampSchema,
  received_at: timestampSchema.nullable(),
  refunded_at: timestampSchema.nullable(),
  shipped_at: timestampSchema.nullable(),
  rejection_reason: z.string().nullable(),
  items: z.array(returnItemSchema),
  /** Refunded on this return so far (the provider has done it). */
  refunded: z.number(),
  /** The exchange's or replacement's shipment, once sent. */
  shipment: shipmentSchema.nullable(),
  /** The price difference of exchanges to dearer variants; null when there is none. */
  difference: differenceSchema.nullable(),
});

/** `POST /public/returns/{code}/checkout`: the provider's page to pay the price difference on. */
export const differenceCheckoutSchema = z.object({ checkoutUrl: z.string() });

/** A return as a line of the order's page: `GET /public/orders/{id}` (`returns[]`). */
export const orderReturnSchema = returnSchema.pick({ code: true, kind: true, state: true, state_name: true, created_at: true });

export const exchangeOptionSchema = z.object({
  variant_id: z.int(),
  /** Colour and size, for example "Black / M". */
  name: z.string(),
  in_stock: z.boolean(),
  /** Per unit, against the item as paid: positive is paid by the shopper, negative refunded, 0 the same price. */
  price_difference: z.number(),
});

/** `GET /public/orders/{id}/returns/options`: what the return form offers for one order. */
export const returnOptionsSchema = z.object({
  order_id: z.int(),
  order_code: z.string(),
  delivered_at: timestampSchema.nullable(),
  /** The last moment a return may be registered; null before delivery. */
  window_ends_at: timestampSchema.nullable(),
  /** Whether a return may be registered now; when not, `closed_reason` says why (MSG.returns). */
  open: z.boolean(),
  closed_reason: z.string().nullable(),
  items: z.array(
    z.object({
      order_item_id: z.int(),
      product_id: z.int(),
      product_name: z.string(),
      product_image: z.string().nullable(),
      variant_name: z.string(),
      unit_paid: z.number(),
      quantity: z.int(),
      /** Units not yet in a return or claim (rejected ones do not count). */
      returnable_quantity: z.int(),
      final_sale: z.boolean(),
      /** The product's other variants (a cheaper one refunds the difference, a dearer one is paid for). */
      exchange_options: z.array(exchangeOptionSchema),
    }),
  ),
});

/** `GET /admin/returns/{code}` (and the answer of every step on it): the return page and `return:show`. */
export const adminReturnSchema = returnSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
  note: z.string().nullable(),
  /** The operator who opened a claim; null for a shopper's return. */
  opened_by: z.string().nullable(),
  /** What the refund form offers: the items refunded, price differences and, for the shop's fault, delivery, capped by `refundable`. */
  refund_due: z.number(),
  /** What is left to refund on the whole order: captured minus every refund so far (pending ones included). */
  refundable: z.number(),
  /** Refunds decided but not yet done by the provider (the recovery pass retries them). */
  refund_pending: z.number(),
  /** The steps open now: receive, refund, ship, reject. */
  next_steps: z.array(z.enum(["receive", "refund", "ship", "reject"])),
});

export const adminReturnSummarySchema = z.object({
  code: z.string(),
  kind: z.enum(RETURN_KINDS),
  state: z.enum(RETURN_STATES),
  reason_name: z.string(),
  order_code: z.string(),
  customer_email: z.string(),
  created_at: timestampSchema,
  items: z.int(),
  refunded: z.number(),
});

/** `GET /admin/returns`: one page of returns and claims, newest first. */
export const adminReturnListSchema = z.object({
  returns: z.array(adminReturnSummarySchema),
  pagination: paginationSchema,
});
