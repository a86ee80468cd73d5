/**
 * Checkout rules both sides agree on: payment methods, order statuses and their transitions,
 * and card checks (the price maths are in pricing.ts). The API charges by these; the storefront shows them.
 */

/** Methods that pay without card details (they skip card checks). */
export const WALLET_METHODS = ["paypal", "apple_pay", "google_pay"] as const;
export const PAYMENT_METHODS = ["credit_card", ...WALLET_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a method is named to shoppers (tabs, order detail, failure toasts). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  credit_card: "Credit Card",
  paypal: "PayPal",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
};

/**
 * The payment providers PAYMENT_GATEWAY chooses: `test` (the default; approves valid cards, no money moves) takes
 * card details in the shop's own form; `stripe` sends the shopper to Stripe's hosted checkout, so card details
 * never reach the shop.
 */
export const PAYMENT_GATEWAYS = ["test", "stripe"] as const;
export type GatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** Whether the shop's own form takes card details (the test gateway); every other gateway takes them on its own page. */
export const takesCardsInShop = (gateway: GatewayName) => gateway === "test";

/**
 * What settling a hosted checkout did to its order: `confirmed` now (this call, and no other, confirmed it),
 * `already_confirmed`, `unpaid` (nothing to do yet), `released` (expired: cancelled, stock returned), `refunded`
 * (paid after the order was given up), `unknown` (no order has that checkout), `ignored` (an event of no use).
 */
export const CHECKOUT_OUTCOMES = ["confirmed", "already_confirmed", "unpaid", "released", "refunded", "unknown", "ignored"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses an order may move to from each status. An order is `pending` while its payment is only
 * authorised and `confirmed` once the payment is captured; `shipped` carries the carrier and tracking number;
 * `delivered` opens reviews; `completed` and `cancelled` are final. Cancelling returns the stock and refunds.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  confirmed: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["completed"],
  completed: [],
  cancelled: [],
};

/** Paid orders waiting for their parcel to leave: the dashboard's "to ship", and the order list's `status=to_ship`. */
export const TO_SHIP_STATUSES: readonly OrderStatus[] = ["confirmed", "processing"];
/** The order list's status filter: one status, or every order to ship. */
export const ORDER_LIST_STATUSES = [...ORDER_STATUSES, "to_ship"] as const;

export const canChangeOrderStatus = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/**
 * Where a payment submission (one idempotency key) stands: `processing` until it ends, `succeeded` with its order,
 * or without one `declined` (the gateway), `refused` (stock, address, promo…) or `failed`.
 */
export const PAYMENT_ATTEMPT_STATUSES = ["processing", "declined", "refused", "failed", "succeeded"] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * Payment status of an order: `unpaid` while the shopper is on a hosted checkout, `authorised` until the gateway
 * captures, then `paid`; a cancelled order's payment is `refunded` (taken, then returned) or `voided` (released
 * before it was taken); an order whose hosted checkout expired stays `unpaid`.
 */
export const PAYMENT_STATUSES = ["unpaid", "authorised", "paid", "refunded", "voided"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PROMO_TYPES = ["percentage", "fixed"] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/** Luhn checksum of a digits-only card number. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A card expiring `MM/YY` is valid through the last moment of that month (UTC). */
export function cardExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number);
  const firstOfNextMonth = Date.UTC(2000 + year, month, 1);
  return now.getTime() >= firstOfNextMonth;
}
