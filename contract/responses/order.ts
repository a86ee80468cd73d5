import { z } from "zod";
import {
  CHECKOUT_OUTCOMES,
  ORDER_STATUSES,
  PAYMENT_ATTEMPT_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PROMO_TYPES,
} from "#contract/checkout.ts";
import { paginationSchema } from "#contract/envelope.ts";
import { savedAddressSchema } from "./account.ts";
import { timestampSchema } from "./product.ts";
import { orderReturnSchema, shipmentSchema } from "./returns.ts";

/** The checkout and order answers. Money is GBP with two decimals. */

/** `data` of `POST /public/validate-promo-code`. */
export const promoResultSchema = z.object({
  promoCode: z.object({
    code: z.string(),
    description: z.string(),
    discount_type: z.enum(PROMO_TYPES),
    /** Percent for percentage codes, GBP for fixed ones. */
    discount_value: z.number(),
  }),
  /** The discount on the basket sent, GBP. */
  discountAmount: z.number(),
});

/** One order in `GET /orders/my-orders` (`data.orders[]`). */
export const orderSummarySchema = z.object({
  id: z.int(),
  code: z.string(),
  created_at: timestampSchema,
  status_name: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total: z.number(),
  product_image: z.string().nullable(),
  /** A hosted order waiting for its payment on the provider's page: until when its stock is held; null otherwise. */
  held_until: timestampSchema.nullable(),
});

/** `GET /orders/my-orders`: one page of the shopper's orders, newest first. */
export const myOrdersSchema = z.object({
  orders: z.array(orderSummarySchema),
  pagination: paginationSchema,
});

/** A review as its author's order shows it, for reading back and editing. */
export const orderItemReviewSchema = z.object({
  id: z.int(),
  rating: z.int(),
  comment: z.string().nullable(),
});

export const orderItemSchema = z.object({
  product_id: z.int(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  /** Colour and size, for example "Black / M". */
  variant_name: z.string(),
  product_sku: z.string(),
  fit: z.string().nullable(),
  /** Price of one, variant extra included. */
  unit_price: z.number(),
  quantity: z.int(),
  /** The order owner's review of this product on this order; null while there is none. */
  review: orderItemReviewSchema.nullable(),
});

/** `GET /public/orders/{id}`, and `data` of a successful `POST /payments/process`. */
export const orderDetailSchema = z.object({
  id: z.int(),
  order_code: z.string(),
  created_at: timestampSchema,
  status_name: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_method_name: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Goods with variant extras: total = subtotal + shipping + tax − discount. */
  subtotal: z.number(),
  shipping: z.number(),
  shipping_method: z.string(),
  /** Prices include VAT, so no tax is added: always 0. */
  tax: z.number(),
  discount: z.number(),
  promo_code: z.string().nullable(),
  total: z.number(),
  /** The address as it was when the order was placed. */
  shipping_address: savedAddressSchema.pick({ label: true, line1: true, line2: true, city: true, postal_code: true, phone: true }),
  items: z.array(orderItemSchema),
  /** Once the order has shipped: the carrier and the tracking number, with the carrier's page for it. */
  shipment: shipmentSchema.nullable(),
  /** Money given back on the order so far (a cancellation's refund, or returns' and claims' refunds). */
  refunded: z.number(),
  /** Its returns and claims, oldest first. */
  returns: z.array(orderReturnSchema),
  /** Until when "Return or exchange" is offered (delivered, within the window, something left to return); null otherwise. */
  return_window_ends_at: timestampSchema.nullable(),
});

/** `GET /payments/attempts/{key}`: where the shopper's payment under that key stands; `order` once it exists. */
export const paymentAttemptSchema = z.object({
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  order: orderDetailSchema.nullable(),
  /** Why a settled attempt without an order has none (its refusal); null otherwise. */
  message: z.string().nullable(),
});

/**
 * `POST /payments/checkout-sessions` and `POST /payments/checkout-sessions/{reference}/return`: the order a hosted
 * checkout pays for, and the provider's page to pay on while that is open and unpaid (null once paid or closed).
 */
export const hostedCheckoutSchema = z.object({
  order: orderDetailSchema,
  checkoutUrl: z.url().nullable(),
});

/**
 * `GET /payments/orders/{id}/checkout`: the shopper's hosted order, its checkout's page while that is open and
 * unpaid, and until when its stock is held (null once paid or closed).
 */
export const heldCheckoutSchema = hostedCheckoutSchema.extend({ heldUntil: timestampSchema.nullable() });

/** `GET /public/payment-options`: the gateway that runs, and the payment methods it cannot take now. */
export const paymentOptionsSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  unavailable: z.array(z.enum(PAYMENT_METHODS)),
});

/** `POST /payments/webhooks/stripe`: what the event did to its order. */
export const webhookReceiptSchema = z.object({ outcome: z.enum(CHECKOUT_OUTCOMES) });
