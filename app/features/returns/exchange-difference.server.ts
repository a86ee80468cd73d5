import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { takesCardsInShop } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { returnHref } from "#contract/paths.ts";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "#contract/schemas/checkout.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import { differenceCheckoutSchema, returnSchema } from "../../api-client/responses.server.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import { redirectWithToast } from "../../session/session.server.ts";
import { parseCardFields } from "../checkout/checkout-form.server.ts";
import { paymentOptions } from "../checkout/hosted-checkout.server.ts";

/** What a refused payment of the difference answers: the alert, each card field's error, the fields as typed (never the CVV), a new key. */
export interface DifferencePaymentReply {
  message: string;
  fieldErrors: Record<string, string[]>;
  typed: Record<string, string>;
  idempotencyKey: string;
}

const TYPED_CARD_FIELDS = ["cardholderName", "cardNumber", "expiryDate"] as const;

function refuse(formData: FormData, message: string, fieldErrors: Record<string, string[]> = {}) {
  const typed = Object.fromEntries(TYPED_CARD_FIELDS.map((name) => [name, String(formData.get(name) ?? "")]));
  const payment: DifferencePaymentReply = { message, fieldErrors, typed, idempotencyKey: randomUUID() };
  return data({ payment }, { status: 400 });
}

/**
 * The return page's Pay: under the test gateway the card form's details go to the API with the form's key (a second
 * press pays once), and the page comes back with its toast; under a hosted gateway the shopper is sent to the
 * provider's page, which sends them back to the return's page. A refusal comes back on the page as its alert.
 */
export async function payDifference(request: Request, api: ApiClient, token: string, code: string, formData: FormData, origin: string) {
  const key = idempotencyKeySchema.safeParse(formData.get("idempotencyKey"));
  if (!key.success) throw data(null, { status: 400, statusText: "Malformed payment form" });
  const header = { [IDEMPOTENCY_KEY_HEADER]: key.data };
  const param = { code: encodeURIComponent(code) };
  if (!takesCardsInShop((await paymentOptions(api)).gateway)) {
    const back = absoluteUrl(origin, returnHref(code));
    const outcome = await api({
      send: (c) => c.public.returns[":code"].checkout.$post({ param, header, json: { returnUrl: back, cancelUrl: back } }),
      token,
      schema: differenceCheckoutSchema,
    });
    return outcome.ok ? redirect(outcome.data.checkoutUrl, { status: 303 }) : refuse(formData, outcome.message);
  }
  const parsed = parseCardFields(formData);
  if (parsed.fieldErrors) {
    return refuse(formData, Object.values(parsed.fieldErrors)[0]?.[0] ?? MSG.payment.failed, parsed.fieldErrors);
  }
  const outcome = await api({
    send: (c) => c.public.returns[":code"].payment.$post({ param, header, json: parsed.card }),
    token,
    schema: returnSchema,
  });
  if (!outcome.ok) return refuse(formData, outcome.message || MSG.payment.failed);
  return redirectWithToast(request, returnHref(code), "success", MSG.returns.differencePaidToast, { status: 303 });
}
