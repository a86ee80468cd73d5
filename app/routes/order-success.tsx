import type { CSSProperties } from "react";
import { data } from "react-router";
import { z } from "zod";
import { apiFor } from "#app/api-client/api.server.ts";
import { orderDetailSchema } from "#app/api-client/responses.server.ts";
import { OrderDiscountRow } from "#app/features/orders/order-discount.tsx";
import { OrderStatusFact, PaymentStatusFact } from "#app/features/orders/order-status.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { telHref } from "#app/ui/layout/navigation.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/order-success";

export const links: Route.LinksFunction = () => areaSheets("orders");

export const meta: Route.MetaFunction = () => [{ title: `Order Placed | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

const orderParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The order comes from the server as its owner's (`?order=<id>`), never from the client; anyone else's is 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const id = orderParam.safeParse(new URL(request.url).searchParams.get("order"));
  if (!id.success) throw data(null, { status: 404, statusText: "No order given" });
  const result = await apiFor(context)({
    send: (c) => c.public.orders[":id"].$get({ param: { id: String(id.data) } }),
    token,
    schema: orderDetailSchema,
  });
  if (!result.ok && result.status === 404) throw data(null, { status: 404, statusText: "Order not found" });
  return result.ok ? { order: result.data, error: null } : { order: null, error: MSG.orders.detailFailed };
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, error } = loaderData;
  return (
    <div className="order-success-page">
      <PageHeader title="Order Placed Successfully!" trail={[{ label: "Order Success" }]} />
      <div className="container order-success" style={{ "--fade-delay": `${TIMING_MS.successFadeIn}ms` } as CSSProperties}>
        <p className="order-success__thanks">
          Thank you for your purchase. We are preparing your order with care and will let you know as soon as it is on its way.
        </p>
        {order ? <OrderSuccessSummary order={order} /> : <StateMessage tone="error" title={error ?? MSG.orders.detailFailed} />}
        <aside className="order-success__help" aria-labelledby="need-help-title">
          <h2 id="need-help-title" className="order-success__help-title">
            Need Help?
          </h2>
          <p>
            Write to <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> or call <a href={telHref(SHOP.phone)}>{SHOP.phone}</a>.
          </p>
        </aside>
        <div className="order-success__actions">
          <ButtonLink to="/">Continue Shopping</ButtonLink>
          <ButtonLink to="/profile" variant="outline">
            View Orders
          </ButtonLink>
        </div>
        <p className="order-success__note">
          {order?.payment_status === "authorised"
            ? MSG.payment.confirmingNote
            : "You will receive an e-mail confirmation with your order details shortly, and another with the tracking number once your order ships."}
        </p>
      </div>
    </div>
  );
}

/** The placed order: code, subtotal, shipping, the discount with its code, the total ('with discount' when one applied), the saving, statuses. */
function OrderSuccessSummary({ order }: { order: OrderDetailDto }) {
  const discounted = order.discount > 0;
  return (
    <section className="order-success__card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-success__card-title">
        Order Summary
      </h2>
      <dl className="order-totals">
        <div>
          <dt>Order code</dt>
          <dd className="order-success__code">{order.order_code}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{pounds(order.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{pounds(order.shipping)}</dd>
        </div>
        {discounted ? <OrderDiscountRow discount={order.discount} promoCode={order.promo_code} /> : null}
        <div className={discounted ? "order-totals__total order-totals__total--highlight" : "order-totals__total"}>
          <dt>{discounted ? "Total (with discount)" : "Total"}</dt>
          <dd>{pounds(order.total)}</dd>
        </div>
      </dl>
      {discounted ? <p className="order-success__saved">You saved {pounds(order.discount)} on this order!</p> : null}
      <dl className="order-facts">
        <OrderStatusFact status={order.status_name} />
        {order.payment_status ? <PaymentStatusFact status={order.payment_status} /> : null}
      </dl>
    </section>
  );
}
