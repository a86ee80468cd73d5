import { data } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { hostedCheckoutSchema } from "#app/api-client/responses.server.ts";
import { paidRedirect } from "#app/features/checkout/payment-status.server.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { ButtonLink, buttonClass } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { CHECKOUT_RETURN_PARAM, checkoutReferenceSchema } from "#contract/schemas/checkout.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/checkout.return";

export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

/**
 * `?session_id=<checkout reference>`: where the payment provider sends the shopper back. The API confirms the
 * order now if its checkout is paid (unless the provider's webhook already did), and a paid order opens its
 * success page, the cart emptied. Otherwise this page says the payment was not completed, with the way back to
 * the provider's page while the checkout is open. Nothing here refreshes itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const url = new URL(request.url);
  const reference = checkoutReferenceSchema.safeParse(url.searchParams.get(CHECKOUT_RETURN_PARAM));
  if (!reference.success) throw data(null, { status: 404, statusText: "No checkout given" });
  const result = await apiFor(context)({
    send: (c) => c.payments["checkout-sessions"][":reference"].return.$post({ param: { reference: String(reference.data) } }),
    token,
    schema: hostedCheckoutSchema,
  });
  if (!result.ok && result.status === 404) throw data(null, { status: 404, statusText: "Checkout not found" });
  if (!result.ok) return { failure: result.message, checkoutUrl: null, retryHref: `${url.pathname}${url.search}` };
  const { order, checkoutUrl } = result.data;
  if (order.payment_status === "paid") throw await paidRedirect(request, order.id);
  return { failure: null, checkoutUrl, retryHref: null };
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { failure, checkoutUrl, retryHref } = loaderData;
  return (
    <div className="payment-status-page">
      <PageHeader title="Checkout" trail={[{ label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <div className="container">
        {failure ? (
          <StateMessage tone="error" title={failure} retryHref={retryHref ?? undefined} />
        ) : (
          <StateMessage title={MSG.payment.notPaidTitle} hint={checkoutUrl ? MSG.payment.notPaidBody : MSG.payment.checkoutClosed}>
            {checkoutUrl ? (
              <a className={buttonClass()} href={checkoutUrl}>
                {MSG.payment.returnToPayment}
              </a>
            ) : null}
            <ButtonLink to="/checkout" variant={checkoutUrl ? "outline" : "primary"}>
              {MSG.payment.backToCheckout}
            </ButtonLink>
          </StateMessage>
        )}
      </div>
    </div>
  );
}
