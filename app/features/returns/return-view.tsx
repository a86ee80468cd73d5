import { formatOrderDate, orderDetailHref, pounds } from "#app/features/orders/orders.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { ReturnDto, ReturnItemDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { returnLabelHref } from "#contract/paths.ts";
import type { ReturnState } from "#contract/returns.ts";

/** A return's state as a badge, shaped as an order's status: each state has a tone of its own (returns.css). */
export function ReturnStateBadge({ state, name }: { state: ReturnState; name: string }) {
  return (
    <span className="order-status return-state" data-state={state}>
      {name}
    </span>
  );
}

/** What one returned item becomes: its money back, or the size or colour sent instead. */
export const itemOutcome = (item: ReturnItemDto) =>
  item.resolution === "exchange" && item.exchange_variant_name
    ? `Exchange for ${item.exchange_variant_name}`
    : MSG.returns.resolutionRefund;

/** Whether the label may be printed: nothing is owed, or the price difference is paid. */
export const labelReady = (ret: ReturnDto) => ret.difference === null || ret.difference.status === "paid";

/** The return's page: where it stands, what went back and what comes of it, and its label while the goods travel. */
export function ReturnDetail({ ret }: { ret: ReturnDto }) {
  return (
    <div className="return-detail">
      <dl className="order-facts">
        <div>
          <dt>Return code</dt>
          <dd>{ret.code}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <ReturnStateBadge state={ret.state} name={ret.state_name} />
          </dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>{formatOrderDate(ret.created_at)}</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{ret.reason_name}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            <a href={orderDetailHref(ret.order_id)}>#{ret.order_code}</a>
          </dd>
        </div>
      </dl>

      {ret.refunded > 0 ? <p className="return-detail__news">{MSG.returns.refunded(pounds(ret.refunded))}</p> : null}
      {ret.rejection_reason ? (
        <p className="return-detail__news return-detail__news--rejected">{MSG.returns.rejectedBecause(ret.rejection_reason)}</p>
      ) : null}
      {ret.shipment ? (
        <p className="return-detail__news">
          {MSG.returns.exchangeShipped}: {ret.shipment.carrier_name}{" "}
          <a href={ret.shipment.tracking_url} rel="noreferrer" target="_blank">
            {ret.shipment.tracking_number}
          </a>
        </p>
      ) : null}

      <h2 className="order-dialog__subtitle">Items</h2>
      <ul className="return-detail__items">
        {ret.items.map((item) => (
          <li key={item.id} className="return-detail__item">
            <img
              className="return-item__image"
              src={item.product_image || PLACEHOLDER_IMAGE}
              alt=""
              width={64}
              height={85}
              loading="lazy"
            />
            <div>
              <p className="return-item__name">{item.product_name}</p>
              <p className="return-item__meta">
                {item.variant_name} · Qty {item.quantity} · {pounds(item.unit_paid)}
              </p>
              <p className="return-item__meta">{itemOutcome(item)}</p>
            </div>
          </li>
        ))}
      </ul>

      {ret.goods_back && ret.state === "requested" && labelReady(ret) ? (
        <div className="button-row">
          <ButtonLink to={returnLabelHref(ret.code)}>{MSG.returns.printLabel}</ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
