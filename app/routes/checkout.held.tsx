import { data } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { heldCheckoutSchema } from "#app/api-client/responses.server.ts";
import { heldOrderAction } from "#app/features/checkout/hosted-checkout.server.ts";
import { paidRedirect, paymentAttempt } from "#app/features/checkout/payment-status.server.ts";
import { HeldOrderActions } from "#app/features/orders/held-order-actions.tsx";
import { formatHeldUntil, pounds } from "#app/features/orders/orders.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { pagePath, requireVerifiedUser } from "#app/session/auth.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { idempotencyKeySchema } from "#contract/schemas/checkout.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/checkout.held";

export const links: Route.LinksFunction = () => areaSheets("orders");

export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

const notFound = () => data(null, { status: 404, statusText: "Order not found" });

/**
 * `?key=<payment form's key>`: where Back on the provider's page leads. The order that key placed, as the provider
 * has it now: waiting for payment, it says until when its items are held and offers Pay now (the same order) and
 * Cancel this order (its stock released at once); paid meanwhile, its success page; closed, that nothing was
 * charged. The cart is not read here, so it stays as it was for the shopper to buy again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const key = idempotencyKeySchema.safeParse(new URL(request.url).searchParams.get("key"));
  if (!key.success) throw notFound();
  const api = apiFor(context);
  const retry = { order: null, heldUntil: null, failure: MSG.orders.detailFailed, retryHref: pagePath(request) };
  const attempt = await paymentAttempt(api, token, key.data);
  if (attempt === "unavailable") return retry;
  const orderId = attempt?.order?.id;
  if (orderId === undefined) throw notFound();
  const held = await api({
    send: (c) => c.payments.orders[":id"].checkout.$get({ param: { id: String(orderId) } }),
    token,
    schema: heldCheckoutSchema,
  });
  if (!held.ok) {
    if (held.status === 404) throw notFound();
    return retry;
  }
  const { order, heldUntil } = held.data;
  if (order.payment_status === "paid") throw await paidRedirect(request, order.id);
  return { order, heldUntil, failure: null, retryHref: null };
}

/** Pay now (303 to the provider's page) or Cancel this order (to the cart, its lines kept); anything else is 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const formData = await readForm(request);
  const answer = await heldOrderAction(request, apiFor(context), token, formData, { back: pagePath(request), cancelled: "/cart" });
  if (!answer) throw data(null, { status: 400, statusText: "Unknown intent" });
  return answer;
}

export default function CheckoutHeld({ loaderData }: Route.ComponentProps) {
  const { order, heldUntil, failure, retryHref } = loaderData;
  return (
    <div className="payment-status-page">
      <PageHeader title="Checkout" trail={[{ label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <div className="container">
        {failure || !order ? (
          <StateMessage tone="error" title={failure ?? MSG.orders.detailFailed} retryHref={retryHref ?? undefined} />
        ) : heldUntil ? (
          <HeldOrder order={order} heldUntil={heldUntil} />
        ) : (
          <StateMessage title={MSG.payment.notPaidTitle} hint={MSG.payment.checkoutClosed}>
            <ButtonLink to="/cart">{MSG.payment.backToCart}</ButtonLink>
          </StateMessage>
        )}
      </div>
    </div>
  );
}

/** The order waiting for payment: what is held and until when, its total, and the two ways on. */
function HeldOrder({ order, heldUntil }: { order: OrderDetailDto; heldUntil: string }) {
  return (
    <section className="held-order" aria-labelledby="held-order-title">
      <h2 id="held-order-title" className="held-order__title">
        {MSG.payment.heldTitle}
      </h2>
      <p className="held-order__body">{MSG.payment.heldBody(formatHeldUntil(heldUntil))}</p>
      <div className="held-order__card">
        <p className="held-order__code">
          Order <span>{order.order_code}</span>
        </p>
        <ul className="held-order__items">
          {order.items.map((item) => (
            <li key={`${item.product_id}-${item.variant_name}-${item.fit ?? ""}`} className="held-order__item">
              <span className="held-order__item-name">{item.product_name}</span>
              <span className="held-order__item-variant">
                {[item.variant_name, item.fit].filter(Boolean).join(" · ")} × {item.quantity}
              </span>
            </li>
          ))}
        </ul>
        <dl className="order-totals">
          <div className="order-totals__total">
            <dt>Total</dt>
            <dd>{pounds(order.total)}</dd>
          </div>
        </dl>
      </div>
      <HeldOrderActions orderId={order.id} code={order.order_code} />
    </section>
  );
}
