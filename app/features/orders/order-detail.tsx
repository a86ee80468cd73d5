import { type ReactNode, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { formatOrderDate, pounds } from "#app/features/orders/orders.ts";
import { OrderReturns } from "#app/features/returns/order-returns.tsx";
import { useModalDialog } from "#app/ui/use-modal-dialog.ts";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { OrderDetailDto, OrderItemDto } from "#contract/dto/order.ts";
import { OrderDiscountRow } from "./order-discount.tsx";
import { OrderStatusFact, PaymentStatusFact } from "./order-status.tsx";

interface OrderDetailDialogProps {
  order: OrderDetailDto | null;
  error: string | null;
  /** The list page under the dialog, where closing it goes. */
  closeHref: string;
  renderItemExtra?: (order: OrderDetailDto, item: OrderItemDto) => ReactNode;
}

/**
 * The order detail as a dialog over the list (spec: a modal, not a route). The URL opens it
 * (`?tab=orders&order=<id>`), so it is rendered open by the server and closes by a link, with or without
 * JavaScript; with JavaScript it becomes a true modal (focus kept inside, Escape or a click outside closes).
 */
export function OrderDetailDialog({ order, error, closeHref, renderItemExtra }: OrderDetailDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const openedAt = `${pathname}${search}`;
  // Closed, focus goes back to the list's "View details" that opened it (the link to this very URL).
  useModalDialog(
    dialog,
    () => [...document.querySelectorAll("a[href]")].find((link) => link.getAttribute("href") === openedAt) ?? null,
    () => navigate(closeHref, { preventScrollReset: true }),
  );
  const titleId = "order-detail-title";
  return (
    <div className="order-dialog">
      <dialog ref={dialog} open className="order-dialog__panel" aria-labelledby={titleId}>
        <header className="order-dialog__head">
          <h2 id={titleId} className="order-dialog__title">
            {order ? `Order #${order.order_code}` : "Order details"}
          </h2>
          <Link to={closeHref} className="order-dialog__close" preventScrollReset aria-label="Close order details">
            ×
          </Link>
        </header>
        {order ? <OrderDetailBody order={order} renderItemExtra={renderItemExtra} /> : <p role="alert">{error}</p>}
      </dialog>
    </div>
  );
}

function OrderDetailBody({
  order,
  renderItemExtra,
}: {
  order: OrderDetailDto;
  renderItemExtra?: OrderDetailDialogProps["renderItemExtra"];
}) {
  const address = order.shipping_address;
  return (
    <div className="order-dialog__body">
      <dl className="order-facts">
        <div>
          <dt>Order code</dt>
          <dd>{order.order_code}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatOrderDate(order.created_at)}</dd>
        </div>
        <OrderStatusFact status={order.status_name} />
        <div>
          <dt>Payment method</dt>
          <dd>{order.payment_method_name}</dd>
        </div>
        <PaymentStatusFact status={order.payment_status} />
        {order.shipment ? (
          <div>
            <dt>Tracking</dt>
            <dd>
              {order.shipment.carrier_name}{" "}
              <a href={order.shipment.tracking_url} rel="noreferrer" target="_blank">
                {order.shipment.tracking_number}
              </a>
            </dd>
          </div>
        ) : null}
        {order.refunded > 0 ? (
          <div>
            <dt>Refunded</dt>
            <dd>{pounds(order.refunded)}</dd>
          </div>
        ) : null}
      </dl>

      <OrderReturns order={order} />

      <h3 className="order-dialog__subtitle">Items</h3>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.product_id}-${item.product_sku}-${item.fit ?? ""}`}>
            <OrderItemRow item={item}>{renderItemExtra?.(order, item)}</OrderItemRow>
          </li>
        ))}
      </ul>

      <div className="order-dialog__columns">
        <section>
          <h3 className="order-dialog__subtitle">Shipping address</h3>
          <address className="order-address">
            <span>{address.label}</span>
            <span>{address.line1}</span>
            {address.line2 ? <span>{address.line2}</span> : null}
            <span>
              {address.city} {address.postal_code}
            </span>
            <span>{address.phone}</span>
          </address>
        </section>
        <section>
          <h3 className="order-dialog__subtitle">Summary</h3>
          <dl className="order-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{pounds(order.subtotal)}</dd>
            </div>
            {order.discount > 0 ? <OrderDiscountRow discount={order.discount} promoCode={order.promo_code} /> : null}
            <div>
              <dt>Tax</dt>
              <dd>{pounds(order.tax)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>{pounds(order.shipping)}</dd>
            </div>
            <div className="order-totals__total">
              <dt>Total</dt>
              <dd>{pounds(order.total)}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}

/** One item of an order: image, name, variant, SKU, unit price and quantity; `children` adds to it (a review form). */
export function OrderItemRow({ item, children }: { item: OrderItemDto; children?: ReactNode }) {
  return (
    <article className="order-item">
      <img className="order-item__image" src={item.product_image || PLACEHOLDER_IMAGE} alt="" width={64} height={85} loading="lazy" />
      <div className="order-item__main">
        <h4 className="order-item__name">{item.product_name}</h4>
        <p className="order-item__meta">
          {item.variant_name}
          {item.fit ? ` · ${item.fit}` : ""}
        </p>
        <p className="order-item__meta">SKU: {item.product_sku}</p>
      </div>
      <dl className="order-item__numbers">
        <div>
          <dt>Unit price</dt>
          <dd>{pounds(item.unit_price)}</dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>{item.quantity}</dd>
        </div>
      </dl>
      {children ? <div className="order-item__extra">{children}</div> : null}
    </article>
  );
}
