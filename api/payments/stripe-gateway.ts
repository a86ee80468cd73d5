import Stripe from "stripe";
import type { BackendConfig } from "#api/config.ts";
import type { PaymentMethod } from "#contract/checkout.ts";
import { CHECKOUT_RETURN_PARAM } from "#contract/schemas/checkout.ts";
import {
  type HostedCheckoutEvent,
  type HostedCheckoutRequest,
  type HostedCheckoutState,
  type HostedGateway,
  WebhookSignatureError,
} from "./hosted-gateway.ts";
import { refundKeyOf } from "./refund-keys.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API (https://api.stripe.com) or, in tests, a local stand-in for it. */
  apiUrl: string;
}

/** Where Stripe's hosted checkout pages are served. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The origins of the pages a hosted gateway sends shoppers to, which the storefront's Content-Security-Policy
 * lets a form post redirect to (without JavaScript, Pay's 303 leads there): Stripe's checkout, or a stand-in's own
 * origin when STRIPE_API_URL names one (tests).
 */
export function paymentPageOrigins(config: Pick<BackendConfig, "PAYMENT_GATEWAY" | "STRIPE_API_URL">): string[] {
  if (config.PAYMENT_GATEWAY !== "stripe") return [];
  const api = new URL(config.STRIPE_API_URL);
  return [api.hostname === "api.stripe.com" ? STRIPE_CHECKOUT_ORIGIN : api.origin];
}

/** How long the answer to "does Stripe offer PayPal to this shop" is kept before asking again. */
const METHODS_KEPT_MS = 10 * 60_000;
/** How long a failed answer is kept (thrown again without asking), so checkouts do not each wait on a failing call. */
const METHODS_FAILURE_KEPT_MS = 60_000;

/** The SDK's host, port and protocol from STRIPE_API_URL. */
export function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}

/** The return URL with Stripe's placeholder for the session's id, which Stripe fills in on the way back. */
function withSessionId(url: string): string {
  const separator = url.includes("?") ? "&" : "?";
  return `${url}${separator}${CHECKOUT_RETURN_PARAM}={CHECKOUT_SESSION_ID}`;
}

const stateOf = (session: Stripe.Checkout.Session): HostedCheckoutState => ({
  reference: session.id,
  status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
  paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
  amountPence: session.amount_total,
});

/**
 * Stripe Checkout: one Checkout Session per order, priced line by line from the server's quote (shipping as a
 * shipping rate, the promo as a one-off coupon); cards, Apple Pay and Google Pay on Stripe's page, PayPal when
 * the account offers it. Payments are captured when the shopper pays, so there is never an authorisation to hold.
 */
export function stripeGateway(settings: StripeSettings): HostedGateway {
  const stripe = stripeClient(settings);
  let methods: { unavailable: PaymentMethod[]; until: number } | { failure: unknown; until: number } | undefined;

  const refundPayment = async (session: Stripe.Checkout.Session, amountPence: number, idempotencyKey: string) => {
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error(`checkout session ${session.id} has no payment to refund`);
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountPence }, { idempotencyKey });
  };

  return {
    name: "stripe",
    kind: "hosted",
    async openCheckout(request: HostedCheckoutRequest) {
      const coupon = request.discount
        ? await stripe.coupons.create(
            {
              amount_off: request.discount.amountPence,
              currency: "gbp",
              duration: "once",
              max_redemptions: 1,
              name: request.discount.code,
            },
            { idempotencyKey: `${request.idempotencyKey}:coupon` },
          )
        : null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.orderCode,
          metadata: { order_code: request.orderCode },
          customer_email: request.customerEmail,
          // Cards bring Apple Pay and Google Pay with them on Stripe's page, where the shopper's device supports them.
          allowed_payment_method_types: request.method === "paypal" ? ["paypal"] : ["card"],
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency: "gbp", unit_amount: line.unitAmountPence, product_data: { name: line.name } },
          })),
          shipping_options: request.shipping
            ? [
                {
                  shipping_rate_data: {
                    type: "fixed_amount",
                    display_name: request.shipping.name,
                    fixed_amount: { amount: request.shipping.amountPence, currency: "gbp" },
                  },
                },
              ]
            : undefined,
          discounts: coupon ? [{ coupon: coupon.id }] : undefined,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: withSessionId(request.successUrl),
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `${request.idempotencyKey}:checkout` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      if (session.amount_total !== request.totalPence) {
        await stripe.checkout.sessions.expire(session.id);
        throw new Error(`Stripe priced checkout session ${session.id} at ${session.amount_total}, not ${request.totalPence}`);
      }
      return { reference: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async checkoutOf(reference) {
      return stateOf(await stripe.checkout.sessions.retrieve(reference));
    },
    async voidAuthorisation(reference, idempotencyKey) {
      let session = await stripe.checkout.sessions.retrieve(reference);
      if (session.status === "open") {
        try {
          session = await stripe.checkout.sessions.expire(reference, {}, { idempotencyKey });
        } catch (error) {
          // Paid between the look and the expiry: Stripe refuses to expire it; look again.
          session = await stripe.checkout.sessions.retrieve(reference);
          if (session.status === "open") throw error;
        }
      }
      // Paid in the meantime: the money goes back, as the one refund any path of this payment makes.
      const { paid, amountPence } = stateOf(session);
      if (paid && amountPence !== null) await refundPayment(session, amountPence, refundKeyOf(reference));
    },
    async refund(reference, amountPence, idempotencyKey) {
      await refundPayment(await stripe.checkout.sessions.retrieve(reference), amountPence, idempotencyKey);
    },
    async verifyEvent(payload, signature): Promise<HostedCheckoutEvent> {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "invalid signature");
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          return { type: "completed", reference: event.data.object.id };
        case "checkout.session.expired":
          return { type: "expired", reference: event.data.object.id };
        default:
          return { type: "ignored", reference: null };
      }
    },
    async unavailableMethods() {
      if (methods && methods.until > Date.now()) {
        if ("failure" in methods) throw methods.failure;
        return methods.unavailable;
      }
      try {
        const configurations = await stripe.paymentMethodConfigurations.list({ limit: 20 });
        const paypal = configurations.data.some((configuration) => configuration.active && configuration.paypal?.available);
        methods = { unavailable: paypal ? [] : ["paypal"], until: Date.now() + METHODS_KEPT_MS };
        return methods.unavailable;
      } catch (error) {
        methods = { failure: error, until: Date.now() + METHODS_FAILURE_KEPT_MS };
        throw error;
      }
    },
  };
}
