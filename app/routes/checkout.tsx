import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { type ApiClient, apiFor } from "#app/api-client/api.server.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import { orderDetailSchema, savedAddressSchema } from "#app/api-client/responses.server.ts";
import { listAddresses } from "#app/features/account/addresses.server.ts";
import { readCartState } from "#app/features/cart/cart.server.ts";
import { OrderSummary } from "#app/features/cart/order-summary.tsx";
import { loadPricedCart } from "#app/features/cart/priced-cart.server.ts";
import { buildPaymentRequest, checkoutHref, parseCheckoutView, paymentFailureToast } from "#app/features/checkout/checkout.ts";
import { CheckoutFlow } from "#app/features/checkout/checkout-flow.tsx";
import { parseCardFields, payFormSchema } from "#app/features/checkout/checkout-form.server.ts";
import { openHostedCheckout, paymentOptions } from "#app/features/checkout/hosted-checkout.server.ts";
import { checkPayment, paidRedirect, paymentAttempt } from "#app/features/checkout/payment-status.server.ts";
import { parseForm, readForm } from "#app/forms/form-data.server.ts";
import { publicOrigin } from "#app/lib/seo.server.ts";
import type { Toast } from "#app/lib/toast.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { PAYMENT_METHOD_NAMES, takesCardsInShop } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { addressSchema } from "#contract/schemas/address.ts";
import { cardDetailsSchema, IDEMPOTENCY_KEY_HEADER } from "#contract/schemas/checkout.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/checkout";

export const links: Route.LinksFunction = () => areaSheets("cart", "account", "checkout");

export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

/**
 * The checkout: the step, chosen address and payment tab come from the URL, so Back and
 * refresh work with and without JavaScript. A later step without one of the shopper's addresses falls back to
 * the address step with the spec's text. The payment form carries a fresh idempotency key on every render.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const api = apiFor(context);
  const cart = await loadPricedCart(request, api, token);
  if (!cart.failed && cart.items.length === 0) throw redirect("/cart", { headers: cart.headers });

  const requested = parseCheckoutView(new URL(request.url).searchParams);
  const addressList = await listAddresses(api, token);
  const addresses = addressList.ok ? addressList.data : [];
  const chosen = addresses.some((address) => address.id === requested.addressId) ? requested.addressId : null;
  const needsAddress = requested.step !== "address" && chosen === null;
  const view = needsAddress ? { ...requested, step: "address" as const, addressId: null } : { ...requested, addressId: chosen };

  const { headers, lines: _lines, ...priced } = cart;
  return data(
    {
      ...priced,
      view,
      paymentOptions: await paymentOptions(api),
      addresses,
      addressesFailed: !addressList.ok,
      needsAddress,
      idempotencyKey: randomUUID(),
    },
    { headers },
  );
}

/** Intents: `create` (the address form's: saved, then selected in the URL) and `pay`. Anything else is refused with 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "create") return addAddress(request, apiFor(context), token, formData);
  if (intent === "pay") return pay(request, apiFor(context), token, formData, publicOrigin(context));
  throw data(null, { status: 400, statusText: "Unknown checkout intent" });
}

async function addAddress(request: Request, api: ApiClient, token: string, formData: FormData) {
  const submission = parseForm(formData, addressSchema);
  if (submission.status !== "success") return data({ addressResult: submission.reply() }, { status: 400 });
  const outcome = await callForForm(
    api,
    { send: (c) => c.public.addresses.$post({ json: submission.value }), token, schema: savedAddressSchema },
    Object.keys(addressSchema.shape),
    MSG.addresses.createFailed,
  );
  if (!outcome.ok) return data({ addressResult: submission.reply(failureReply(outcome)) }, { status: 400 });
  return redirectWithToast(request, checkoutHref({ step: "address", addressId: outcome.data.id }), "success", outcome.message, {
    status: 303,
  });
}

const toastOf = (message: string): Toast => ({ id: randomUUID(), type: "error", message });

/**
 * What a refused payment answers: the page again (400), the failure (an alert that stays in the form, and a toast
 * with JavaScript), the card fields as typed (never the CVV, which the shopper types again), and a fresh
 * idempotency key for the next attempt (a 4xx action does not re-run the loader that renders one).
 */
function refusePayment(formData: FormData, message: string, fieldErrors: Record<string, string[]> = {}) {
  const typed = Object.fromEntries(["cardholderName", "cardNumber", "expiryDate"].map((name) => [name, String(formData.get(name) ?? "")]));
  return data({ payment: { toast: toastOf(message), fieldErrors, typed, idempotencyKey: randomUUID() } }, { status: 400 });
}

/**
 * Pays for the cart the cookie holds, with the stored promo code, to one of the shopper's addresses. Every price
 * is the API's; the form only chooses. Under a hosted gateway (Stripe) the shopper is sent to the provider's
 * page instead, card details never passing through the shop. The key rides as the `Idempotency-Key` header, so a resubmitted form
 * answers the first order. Success empties the cart, forgets the promo and opens /order-success; a lost answer
 * (no answer, a 5xx, a payment still in progress) opens the page that checks how the payment ended.
 */
async function pay(request: Request, api: ApiClient, token: string, formData: FormData, origin: string) {
  const form = payFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) throw data(null, { status: 400, statusText: "Malformed payment form" });
  const { address, method, idempotencyKey } = form.data;
  const options = await paymentOptions(api);
  const inShop = takesCardsInShop(options.gateway);
  if (options.unavailable.includes(method)) return refusePayment(formData, MSG.payment.methodUnavailable(PAYMENT_METHOD_NAMES[method]));

  const card = inShop && method === "credit_card" ? parseCardFields(formData) : null;
  if (card?.fieldErrors) {
    return refusePayment(formData, Object.values(card.fieldErrors)[0]?.[0] ?? MSG.payment.failed, card.fieldErrors);
  }

  // A form sent again after its payment was answered (a second press of Pay without JavaScript) finds the order
  // its key placed, or the check under way, before the emptied cart would send it to /cart. (A hosted checkout's
  // key answers its own checkout again, below.)
  if (inShop) {
    const earlier = await paymentAttempt(api, token, idempotencyKey);
    if (earlier !== "unavailable" && earlier?.order) return paidRedirect(request, earlier.order.id);
    if (earlier !== "unavailable" && earlier?.status === "processing") return checkPayment(idempotencyKey);
  }

  const state = await readCartState(request);
  if (state.lines.length === 0) return redirect("/cart", { status: 303 });
  const addresses = await listAddresses(api, token);
  if (!addresses.ok) return refusePayment(formData, addresses.message);
  if (!addresses.data.some((entry) => entry.id === address)) return refusePayment(formData, MSG.payment.addressNotFound);

  const body = buildPaymentRequest({
    lines: state.lines,
    addressId: address,
    method,
    card: card?.card ? formCard(formData) : null,
    promoCode: state.promoCode,
  });
  const failure = (message: string, fieldErrors?: Record<string, string[]>) =>
    refusePayment(formData, paymentFailureToast(method, message), fieldErrors);
  if (!inShop) {
    const outcome = await openHostedCheckout(request, api, token, { key: idempotencyKey, body, origin });
    return "redirect" in outcome ? outcome.redirect : failure(outcome.refusal);
  }
  const result = await api({
    send: (c) => c.payments.process.$post({ header: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, json: body }),
    token,
    schema: orderDetailSchema,
  });
  if (result.ok) return paidRedirect(request, result.data.id);
  if (result.callerDecides) {
    if (result.status === 409) return checkPayment(idempotencyKey);
    const fieldErrors: Record<string, string[]> = {};
    for (const detail of result.details) {
      const name = detail.path.split(".").at(-1) ?? "";
      if (Object.hasOwn(cardDetailsSchema.shape, name)) fieldErrors[name] = [...(fieldErrors[name] ?? []), detail.message];
    }
    return failure(result.details[0]?.message ?? result.message, fieldErrors);
  }
  // No answer, or the server's failure: the payment may have been taken, so find out rather than say it failed.
  if (result.status === null || result.status >= 500) return checkPayment(idempotencyKey);
  if (result.status === 422) return failure(MSG.payment.keyReused);
  return failure(result.status === 400 ? result.message : MSG.payment.failed);
}

/** The card as the shopper typed it; the API checks it again and keeps only the last four digits. */
const formCard = (formData: FormData) => ({
  cardholderName: String(formData.get("cardholderName") ?? ""),
  cardNumber: String(formData.get("cardNumber") ?? ""),
  expiryDate: String(formData.get("expiryDate") ?? ""),
  cvv: String(formData.get("cvv") ?? ""),
});

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, summary, promo, notices } = loaderData;
  return (
    <div className="checkout-page">
      <PageHeader title="Checkout" trail={[{ label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <div className="container checkout-page__body">
        {failed ? (
          <StateMessage tone="error" title={MSG.catalogue.cartProductsFailed} retryHref="/checkout" />
        ) : (
          <div className="checkout-layout">
            <div className="checkout-main">
              {notices.map((notice) => (
                <p key={notice} className="cart-notice" role="status">
                  {notice}
                </p>
              ))}
              <CheckoutFlow
                view={loaderData.view}
                paymentOptions={loaderData.paymentOptions}
                addresses={loaderData.addresses}
                addressesFailed={loaderData.addressesFailed}
                needsAddress={loaderData.needsAddress}
                idempotencyKey={
                  (actionData && "payment" in actionData ? actionData.payment.idempotencyKey : null) ?? loaderData.idempotencyKey
                }
                addressResult={actionData && "addressResult" in actionData ? actionData.addressResult : undefined}
                payment={actionData && "payment" in actionData ? actionData.payment : undefined}
              />
            </div>
            <OrderSummary summary={summary} promoCode={promo?.code} checkout={false} />
          </div>
        )}
      </div>
    </div>
  );
}
