import { data } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { paidRedirect, paymentAttempt, paymentCheckHref } from "#app/features/checkout/payment-status.server.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { idempotencyKeySchema } from "#contract/schemas/checkout.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/checkout.payment-status";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${MSG.payment.checkingTitle} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
  // While the outcome is unknown the page asks again by itself, with or without JavaScript.
  ...(loaderData && !loaderData.failure ? [{ httpEquiv: "refresh", content: String(TIMING_MS.paymentRecheck / 1000) }] : []),
];

/**
 * `?key=<idempotency key>`: how the shopper's payment under that key ended, when the checkout lost its answer.
 * The order's success page once the order exists; the refusal once the payment failed; until then this page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const key = idempotencyKeySchema.safeParse(new URL(request.url).searchParams.get("key"));
  if (!key.success) throw data(null, { status: 404, statusText: "No payment given" });
  const attempt = await paymentAttempt(apiFor(context), token, key.data);
  if (attempt === null) throw data(null, { status: 404, statusText: "Payment not found" });
  if (attempt !== "unavailable" && attempt.order) throw await paidRedirect(request, attempt.order.id);
  const failure = attempt !== "unavailable" && attempt.status !== "processing" ? (attempt.message ?? MSG.payment.failed) : null;
  return { href: paymentCheckHref(key.data), failure };
}

export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  const { href, failure } = loaderData;
  return (
    <div className="payment-status-page">
      <PageHeader title="Checkout" trail={[{ label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <div className="container">
        {failure ? (
          <StateMessage tone="error" title={failure}>
            <ButtonLink to="/checkout">{MSG.payment.backToCheckout}</ButtonLink>
          </StateMessage>
        ) : (
          <StateMessage title={MSG.payment.checkingTitle} hint={MSG.payment.checkingBody}>
            <ButtonLink to={href}>{MSG.payment.checkAgain}</ButtonLink>
          </StateMessage>
        )}
      </div>
    </div>
  );
}
