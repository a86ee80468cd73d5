import { redirect } from "react-router";
import type { PaymentAttemptDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import { paymentAttemptSchema } from "../../api-client/responses.server.ts";
import { redirectWithToasts } from "../../session/session.server.ts";
import { serializeCartState } from "../cart/cart.server.ts";

/** The page that finds out how a payment ended when its answer was lost (a failed or timed-out call). */
export const paymentCheckHref = (key: string) => `/checkout/payment-status?key=${encodeURIComponent(key)}`;

/**
 * Where the shopper's payment under `key` stands (GET /payments/attempts/:key): null when the key has paid for
 * nothing yet, "unavailable" when the API gave no answer to go by.
 */
export async function paymentAttempt(api: ApiClient, token: string, key: string): Promise<PaymentAttemptDto | null | "unavailable"> {
  const result = await api({
    send: (c) => c.payments.attempts[":key"].$get({ param: { key: encodeURIComponent(key) } }),
    token,
    schema: paymentAttemptSchema,
  });
  if (result.ok) return result.data;
  return result.callerDecides && result.status === 404 ? null : "unavailable";
}

/** A paid order's way out: its success page, with the spec's toasts, and the cart and its promo emptied. */
export async function paidRedirect(request: Request, orderId: number) {
  const cleared = await serializeCartState(request, { lines: [], promoCode: null, celebrate: null });
  const paid = [
    { type: "success" as const, message: MSG.payment.orderPlaced },
    { type: "success" as const, message: MSG.payment.processed },
  ];
  return redirectWithToasts(request, `/order-success?order=${orderId}`, paid, {
    status: 303,
    headers: cleared ? { "Set-Cookie": cleared } : undefined,
  });
}

/** Sends the shopper to the checking page instead of an error: the payment may have been taken. */
export const checkPayment = (key: string) => redirect(paymentCheckHref(key), { status: 303 });
