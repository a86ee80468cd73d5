import { redirect } from "react-router";
import type { PaymentOptionsDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { IDEMPOTENCY_KEY_HEADER } from "#contract/schemas/checkout.ts";
import { type ApiClient, ApiRequestError } from "./api.server.ts";
import { type buildPaymentRequest, type CheckoutView, checkoutHref } from "./checkout.ts";
import { paidRedirect } from "./payment-status.server.ts";
import { hostedCheckoutSchema, paymentOptionsSchema } from "./responses.server.ts";
import { absoluteUrl } from "./seo.server.ts";

/** Where the provider sends the shopper back: this page confirms the order and opens its success page. */
export const CHECKOUT_RETURN_PATH = "/checkout/return";

/** The options when the API gave none: the test gateway's form, which the API refuses under any other gateway. */
const FALLBACK_OPTIONS: PaymentOptionsDto = { gateway: "test", unavailable: [] };

/** Which gateway takes payment and which methods it cannot take now (GET /public/payment-options). */
export async function paymentOptions(api: ApiClient): Promise<PaymentOptionsDto> {
  try {
    const result = await api({ method: "GET", endpoint: "/public/payment-options", schema: paymentOptionsSchema });
    return result.success ? result.data : FALLBACK_OPTIONS;
  } catch (error) {
    // An API without the route (an older release behind a remote storefront) has only the test gateway.
    if (error instanceof ApiRequestError && error.status === 404) return FALLBACK_OPTIONS;
    throw error;
  }
}

export type HostedCheckoutOutcome = { redirect: Response } | { refusal: string };

/**
 * Pay under a hosted gateway: the API writes the order (pending, stock held) and opens the provider's checkout,
 * and the shopper is sent there (303, with or without JavaScript). The form's key makes a second press answer
 * the same checkout; an order already paid under it opens its success page instead.
 */
export async function openHostedCheckout(
  request: Request,
  api: ApiClient,
  token: string,
  input: { key: string; body: ReturnType<typeof buildPaymentRequest>; view: CheckoutView; origin: string },
): Promise<HostedCheckoutOutcome> {
  const { payment, ...order } = input.body;
  const body = {
    ...order,
    payment: { method: payment.method, sameAsBilling: payment.sameAsBilling },
    returnUrl: absoluteUrl(input.origin, CHECKOUT_RETURN_PATH),
    cancelUrl: absoluteUrl(input.origin, checkoutHref(input.view)),
  };
  try {
    const result = await api({
      method: "POST",
      endpoint: "/payments/checkout-sessions",
      data: body,
      token,
      schema: hostedCheckoutSchema,
      headers: { [IDEMPOTENCY_KEY_HEADER]: input.key },
    });
    if (!result.success) return { refusal: result.message };
    const { checkoutUrl, order: placed } = result.data;
    if (checkoutUrl) return { redirect: redirect(checkoutUrl, { status: 303 }) };
    if (placed.payment_status === "paid") return { redirect: await paidRedirect(request, placed.id) };
    // The key's checkout closed unpaid (expired or cancelled): a fresh form gets a new key and checkout.
    return { refusal: MSG.payment.checkoutClosed };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { refusal: error.details[0]?.message ?? error.message };
  }
}
