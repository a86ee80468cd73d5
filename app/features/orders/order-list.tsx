import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageRange } from "#app/features/catalogue/page-range.ts";
import { formatHeldUntil, formatOrderDate, ORDERS_TAB, orderDetailHref, ordersPageHref, pounds } from "#app/features/orders/orders.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { StepPager } from "#app/ui/step-pager.tsx";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { OrderDetailDto, OrderSummaryDto } from "#contract/dto/order.ts";
import type { Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { HeldOrderActions } from "./held-order-actions.tsx";
import { OrderDetailDialog } from "./order-detail.tsx";
import { OrderStatusFact, PaymentStatusFact } from "./order-status.tsx";

interface OrdersPanelProps {
  /** One page of the shopper's orders, newest first. */
  orders: OrderSummaryDto[] | null;
  pagination: Pagination | null;
  loadError: string | null;
  /** The order whose detail the URL opened (`?order=`), or why it could not be shown. */
  detail: { order: OrderDetailDto | null; error: string | null } | null;
  /** Extra content under each item of the open order (such as its review form). */
  renderItemExtra?: (order: OrderDetailDto, item: OrderDetailDto["items"][number]) => ReactNode;
}

/** MY ORDERS: the list, its empty and error states, and the detail dialog the URL opens. */
export function OrdersPanel({ orders, pagination, loadError, detail, renderItemExtra }: OrdersPanelProps) {
  const page = pagination?.page ?? 1;
  const range = pagination && orders ? pageRange(pagination, orders.length) : null;
  return (
    <section className="profile-panel" aria-labelledby="orders-title">
      <h2 id="orders-title" className="profile-panel__title">
        My Orders
      </h2>
      {loadError ? (
        <StateMessage tone="error" title={loadError} retryHref={ORDERS_TAB} />
      ) : orders && orders.length > 0 ? (
        <>
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} page={page} />
              </li>
            ))}
          </ul>
          {range && pagination ? (
            <StepPager
              label={MSG.orders.pagingLabel}
              showing={MSG.orders.showing(range.from, range.to, range.total)}
              page={page}
              totalPages={pagination.totalPages}
              hrefFor={ordersPageHref}
            />
          ) : null}
        </>
      ) : (
        <StateMessage title={MSG.orders.none} hint={MSG.orders.noneHint}>
          <ButtonLink to="/products" variant="outline">
            Start Shopping
          </ButtonLink>
        </StateMessage>
      )}
      {detail ? <OrderDetailDialog {...detail} closeHref={ordersPageHref(page)} renderItemExtra={renderItemExtra} /> : null}
    </section>
  );
}

/**
 * One order in the list: image, number, date, status, payment status, total; opens its detail over the list's page.
 * A hosted order waiting for payment also says until when its items are held, with Pay now and Cancel this order.
 */
export function OrderRow({ order, page }: { order: OrderSummaryDto; page: number }) {
  return (
    <article className="order-row">
      <img className="order-row__image" src={order.product_image || PLACEHOLDER_IMAGE} alt="" width={72} height={96} loading="lazy" />
      <div className="order-row__main">
        <h3 className="order-row__code">Order #{order.code}</h3>
        <p className="order-row__date">{formatOrderDate(order.created_at)}</p>
      </div>
      <dl className="order-row__facts">
        <OrderStatusFact status={order.status_name} />
        <PaymentStatusFact status={order.payment_status} term="Payment" />
        <div>
          <dt>Total</dt>
          <dd className="order-row__total">{pounds(order.total)}</dd>
        </div>
      </dl>
      <Link to={orderDetailHref(order.id, page)} className="order-row__view" preventScrollReset>
        View details<span className="visually-hidden"> of order {order.code}</span>
      </Link>
      {order.held_until ? (
        <div className="order-row__held">
          <p className="order-row__held-note">{MSG.payment.awaitingPayment(formatHeldUntil(order.held_until))}</p>
          <HeldOrderActions orderId={order.id} code={order.code} />
        </div>
      ) : null}
    </article>
  );
}
