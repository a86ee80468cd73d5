import type { PaymentMethod } from "#contract/checkout.ts";
import type { GatewayOperations } from "./gateway.ts";

/**
 * A provider whose own page takes the payment (Stripe Checkout): the shop opens a checkout for the server-priced
 * order, sends the shopper there, and learns the outcome from the provider (a signed event or a look-up), so
 * card details never reach the shop.
 */
export interface HostedGateway extends GatewayOperations {
  readonly kind: "hosted";
  /** Opens a checkout; the same idempotency key answers the same checkout. */
  openCheckout(request: HostedCheckoutRequest): Promise<HostedCheckout>;
  /** Where a checkout stands now, as the provider says. */
  checkoutOf(reference: string): Promise<HostedCheckoutState>;
  /** The event in a webhook body whose signature header checks out; throws WebhookSignatureError otherwise. */
  verifyEvent(payload: string, signature: string): Promise<HostedCheckoutEvent>;
  /**
   * The methods the provider cannot take for the shop now (cards, and with them Apple Pay and Google Pay, it always
   * takes); throws when the provider cannot say (unavailableMethodsOf then falls back to cards).
   */
  unavailableMethods(): Promise<PaymentMethod[]>;
}

export interface HostedCheckoutLine {
  name: string;
  unitAmountPence: number;
  quantity: number;
}

export interface HostedCheckoutRequest {
  idempotencyKey: string;
  /** The order's code, shown to the shopper by the provider and carried back in its events. */
  orderCode: string;
  method: PaymentMethod;
  customerEmail: string;
  lines: HostedCheckoutLine[];
  /** Delivery, charged as a shipping rate; null when nothing is delivered for this payment (an exchange's price difference). */
  shipping: { name: string; amountPence: number } | null;
  /** The promo, taken off once as a fixed amount. */
  discount: { code: string; amountPence: number } | null;
  /** What the provider must charge in all; a checkout that adds up to anything else is refused. */
  totalPence: number;
  expiresAt: Date;
  /** Where the provider sends the shopper once paid, adding CHECKOUT_RETURN_PARAM (the checkout's reference). */
  successUrl: string;
  cancelUrl: string;
}

export interface HostedCheckout {
  reference: string;
  url: string;
  expiresAt: Date;
}

export interface HostedCheckoutState {
  reference: string;
  status: "open" | "complete" | "expired";
  paid: boolean;
  amountPence: number | null;
}

export type HostedCheckoutEvent =
  | { type: "completed" | "expired"; reference: string }
  /** Any other event the endpoint was sent: acknowledged and ignored. */
  | { type: "ignored"; reference: null };

export class WebhookSignatureError extends Error {
  override readonly name = "WebhookSignatureError";
}
