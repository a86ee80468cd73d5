import { data, redirect } from "react-router";
import type { PaymentOptionsDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { IDEMPOTENCY_KEY_HEADER } from "#contract/schemas/checkout.ts";
import { type ApiClient, asQuery } from "../../api-client/api.server.ts";
import { hostedCheckoutSchema, myOrdersSchema, orderDetailSchema, paymentOptionsSchema } from "../../api-client/responses.server.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import { redirectWithToast } from "../../session/session.server.ts";
import { heldOrderFormSchema } from "../orders/held-order-schema.ts";
import type { buildPaymentRequest } from "./checkout.ts";
import { paidRedirect } from "./payment-status.server.ts";

/** Where the provider sends the shopper back: this page confirms the order and opens its success page. */
export const CHECKOUT_RETURN_PATH = "/checkout/return";

/**
 * Where Back on the provider's page goes: the page that says the order's items are held, with Pay now and Cancel
 * this order. It finds the order by the payment form's key, the one thing known before the order exists.
 */
export const heldCheckoutHref = (key: string) => `/checkout/held?key=${encodeURIComponent(key)}`;

/** The options when the API gave none: the test gateway's form, which the API refuses under any other gateway. */
const FALLBACK_OPTIONS: PaymentOptionsDto = { gateway: "test", unavailable: [] };

/** Which gateway takes payment and which methods it cannot take now (GET /public/payment-options). */
export async function paymentOptions(api: ApiClient): Promise<PaymentOptionsDto> {
  // An API without the route (an older release behind a remote storefront) has only the test gateway.
  const result = await api({ send: (c) => c.public["payment-options"].$get(), schema: paymentOptionsSchema });
  return result.ok ? result.data : FALLBACK_OPTIONS;
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
  input: { key: string; body: ReturnType<typeof buildPaymentRequest>; origin: string },
): Promise<HostedCheckoutOutcome> {
  const { payment, ...order } = input.body;
  const body = {
    ...order,
    payment: { method: payment.method, sameAsBilling: payment.sameAsBilling },
    returnUrl: absoluteUrl(input.origin, CHECKOUT_RETURN_PATH),
    cancelUrl: absoluteUrl(input.origin, heldCheckoutHref(input.key)),
  };
  const result = await api({
    send: (c) => c.payments["checkout-sessions"].$post({ header: { [IDEMPOTENCY_KEY_HEADER]: input.key }, json: body }),
    token,
    schema: hostedCheckoutSchema,
  });
  if (!result.ok) return { refusal: (result.callerDecides && result.details[0]?.message) || result.message };
  const { checkoutUrl, order: placed } = result.data;
  if (checkoutUrl) return { redirect: redirect(checkoutUrl, { status: 303 }) };
  if (placed.payment_status === "paid") return { redirect: await paidRedirect(request, placed.id) };
  // The key's checkout closed unpaid (expired or cancelled): a fresh form gets a new key and checkout.
  return { refusal: MSG.payment.checkoutClosed };
}

/**
 * Pay now on a hosted order left unpaid (the held page, MY ORDERS): 303 to the same order's open checkout, or to its
 * success page when it was paid meanwhile; an order that can no longer be paid goes back to `back` saying why.
 */
async function payHeldOrder(request: Request, api: ApiClient, token: string, orderId: number, back: string): Promise<Response> {
  const outcome = await api({
    send: (c) => c.payments.orders[":id"].checkout.$post({ param: { id: String(orderId) } }),
    token,
    schema: hostedCheckoutSchema,
  });
  if (!outcome.ok) return redirectWithToast(request, back, "error", outcome.message, { status: 303 });
  if (outcome.data.checkoutUrl) return redirect(outcome.data.checkoutUrl, { status: 303 });
  return paidRedirect(request, outcome.data.order.id);
}

/**
 * Cancel this order: the API releases its stock and promo use at once and closes its checkout; the shopper goes to
 * `done` told so, or back to `back` told why not (paid meanwhile). The cart is left as it is, to buy again.
 */
async function cancelHeldOrder(
  request: Request,
  api: ApiClient,
  token: string,
  orderId: number,
  to: { done: string; back: string },
): Promise<Response> {
  const outcome = await api({
    send: (c) => c.payments.orders[":id"].cancel.$post({ param: { id: String(orderId) } }),
    token,
    schema: orderDetailSchema,
  });
  if (!outcome.ok) return redirectWithToast(request, to.back, "error", outcome.message, { status: 303 });
  return redirectWithToast(request, to.done, "success", outcome.message, { status: 303 });
}

/** A hosted order of the shopper's waiting for payment, holding its items until `heldUntil`. */
export interface WaitingOrder {
  id: number;
  code: string;
  heldUntil: string;
}

/**
 * The shopper's newest order waiting for payment on the provider's page, if any (from the first page of MY ORDERS):
 * the cart names it, since its held units are the ones the cart may show as gone. No answer is no notice.
 */
export async function waitingOrderOf(api: ApiClient, token: string): Promise<WaitingOrder | null> {
  const outcome = await api({ send: (c) => c.orders["my-orders"].$get({ query: asQuery({ page: 1 }) }), token, schema: myOrdersSchema });
  const waiting = outcome.ok ? outcome.data.orders.find((order) => order.held_until !== null) : undefined;
  return waiting?.held_until ? { id: waiting.id, code: waiting.code, heldUntil: waiting.held_until } : null;
}

/**
 * The held page's, MY ORDERS' and the cart's action for their two forms (Pay now, Cancel this order), or null when the form is
 * neither; a malformed one is refused with 400. `cancelled` is where a cancelled order leaves the shopper.
 */
export async function heldOrderAction(
  request: Request,
  api: ApiClient,
  token: string,
  formData: FormData,
  to: { back: string; cancelled: string },
): Promise<Response | null> {
  const intent = formData.get("intent");
  if (intent !== "pay-order" && intent !== "cancel-order") return null;
  const form = heldOrderFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) throw data(null, { status: 400, statusText: "Malformed order form" });
  if (form.data.intent === "pay-order") return payHeldOrder(request, api, token, form.data.order, to.back);
  return cancelHeldOrder(request, api, token, form.data.order, { done: to.cancelled, back: to.back });
}
