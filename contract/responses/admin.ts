import { z } from "zod";
import { CARRIER_IDS } from "#contract/carriers.ts";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "#contract/checkout.ts";
import { paginationSchema } from "#contract/envelope.ts";
import { savedAddressSchema } from "./account.ts";
import { timestampSchema } from "./product.ts";
import { orderReturnSchema } from "./returns.ts";

/** `GET /admin/me`: the signed-in operator, which also proves the token is an operator's. */
export const operatorSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
});

/** One order in `GET /admin/orders` (`data.orders[]`). Money is GBP with two decimals. */
export const adminOrderSummarySchema = z.object({
  code: z.string(),
  created_at: timestampSchema,
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total: z.number(),
  customer_email: z.string(),
  items: z.int(),
});

/** `GET /admin/orders`: one page of the orders the filters match, newest first. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  pagination: paginationSchema,
});

/** `GET /admin/orders/export`: every order placed in the range, oldest first, as the CSV export writes it. Money in GBP. */
export const orderExportSchema = z.object({
  orders: z.array(
    z.object({
      code: z.string(),
      created_at: timestampSchema,
      customer_name: z.string(),
      customer_email: z.string(),
      /** Each line as `Silk Abaya (Black / M) × 2`. */
      items: z.array(z.string()),
      /** Items and their extras, before the discount. */
      subtotal: z.number(),
      discount: z.number(),
      delivery: z.number(),
      total: z.number(),
      /** Money given back: refunds the provider made, or the whole total of an order refunded on cancellation. */
      refunded: z.number(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
});

/** `GET /admin/orders/{code}`: everything the order page, the packing slip and `order:show` show. */
export const adminOrderDetailSchema = z.object({
  code: z.string(),
  created_at: timestampSchema,
  status: z.enum(ORDER_STATUSES),
  /** The statuses the order may move to now (ORDER_TRANSITIONS). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  customer: z.object({ name: z.string(), email: z.string() }),
  shipping_address: savedAddressSchema.pick({ label: true, line1: true, line2: true, city: true, postal_code: true, phone: true }),
  shipping_method: z.string(),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    method_name: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    /** The gateway that took it and its reference there; null for an order without a payment row. */
    gateway: z.string().nullable(),
    reference: z.string().nullable(),
    card_last4: z.string().nullable(),
  }),
  totals: z.object({
    subtotal: z.number(),
    shipping: z.number(),
    discount: z.number(),
    promo_code: z.string().nullable(),
    total: z.number(),
  }),
  items: z.array(
    z.object({
      /** The order item's own id (a claim names its items by it). */
      id: z.int(),
      product_id: z.int(),
      product_name: z.string(),
      product_image: z.string().nullable(),
      variant_name: z.string(),
      sku: z.string(),
      fit: z.string().nullable(),
      quantity: z.int(),
      unit_price: z.number(),
      line_total: z.number(),
      /** Units not yet in a return or a claim (rejected ones do not count): what a claim may still take. */
      returnable_quantity: z.int(),
    }),
  ),
  /** Its returns and claims, oldest first. */
  returns: z.array(orderReturnSchema),
  /** Set once the order shipped. */
  shipment: z
    .object({
      carrier: z.enum(CARRIER_IDS),
      carrier_name: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string(),
      shipped_at: timestampSchema,
    })
    .nullable(),
  /** Each status the order reached, oldest first, with the operator who moved it (null: the shop itself). */
  history: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      at: timestampSchema,
      actor: z.object({ name: z.string(), email: z.string() }).nullable(),
      note: z.string().nullable(),
    }),
  ),
});

/** `POST /admin/orders/{code}/status` and `/ship`: the move made. */
export const orderStatusChangeResultSchema = z.object({
  code: z.string(),
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
});
