import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from "#contract/checkout.ts";
import { SHIPPING_METHOD } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import type { CartLine } from "../cart/cart.ts";

/** The checkout's view state and the rules its page needs (steps, payment tabs, card input), pure and isomorphic. */

/** A promo code the API accepted for a basket: the code and what it takes off, in pence. */
export interface AppliedPromo {
  code: string;
  discountPence: number;
}

export const CHECKOUT_STEPS = ["address", "shipping", "payment"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
export const STEP_TITLES: Record<CheckoutStep, string> = { address: "Address", shipping: "Shipping", payment: "Payment" };

export interface CheckoutView {
  step: CheckoutStep;
  /** The chosen saved address, as the URL says; the loader checks it belongs to the shopper. */
  addressId: number | null;
  method: PaymentMethod;
}

const positiveId = (value: string | null) => (value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** The view from `?step=&address=&method=`; anything unknown falls back to the first step and the card tab. */
export function parseCheckoutView(params: URLSearchParams): CheckoutView {
  const step = params.get("step");
  const method = params.get("method");
  return {
    step: (CHECKOUT_STEPS as readonly string[]).includes(step ?? "") ? (step as CheckoutStep) : "address",
    addressId: positiveId(params.get("address")),
    method: (PAYMENT_METHODS as readonly string[]).includes(method ?? "") ? (method as PaymentMethod) : "credit_card",
  };
}

export function checkoutHref(view: Partial<CheckoutView>): string {
  const params = new URLSearchParams();
  params.set("step", view.step ?? "address");
  if (view.addressId) params.set("address", String(view.addressId));
  if (view.method && view.method !== "credit_card") params.set("method", view.method);
  return `/checkout?${params}`;
}

/** Where Back goes: the previous step, or the cart from the first. */
export function backHref(view: CheckoutView): string {
  const index = CHECKOUT_STEPS.indexOf(view.step);
  return index === 0 ? "/cart" : checkoutHref({ ...view, step: CHECKOUT_STEPS[index - 1] });
}

/** The card number as shown while typed: digits in groups of four. */
export function groupCardNumber(value: string): string {
  return (
    value
      .replace(/\D/g, "")
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/** Expiry as typed towards `MM/YY`: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A refused payment's toast: 'Payment Failed: <message>', or '<Method> Payment Failed: <message>' for the wallets. */
export function paymentFailureToast(method: PaymentMethod, message: string): string {
  const prefix = method === "credit_card" ? "" : `${PAYMENT_METHOD_NAMES[method]} `;
  return `${prefix}${MSG.payment.failedToastPrefix}${message || MSG.payment.failed}`;
}

export interface CardFields {
  cardholderName: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
}

/**
 * The payment request the API takes, from what the server holds: the cart cookie's lines, the chosen
 * address id, the stored promo code. The API re-prices everything, so no amount is sent.
 */
export function buildPaymentRequest(input: {
  lines: readonly CartLine[];
  addressId: number;
  method: PaymentMethod;
  card: CardFields | null;
  promoCode: string | null;
}) {
  return {
    cart: {
      items: input.lines.map((line) => ({
        productId: line.productId,
        variant: { id: line.variantId },
        quantity: line.quantity,
        selectedFit: line.fit,
      })),
    },
    address: { id: input.addressId },
    shipping: { method: SHIPPING_METHOD.id },
    payment:
      input.method === "credit_card"
        ? { method: input.method, cardDetails: input.card ?? undefined, sameAsBilling: true as const }
        : { method: input.method, sameAsBilling: true as const },
    promoCode: input.promoCode ? { code: input.promoCode } : null,
  };
}
