import { Link } from "react-router";
import { formatOrderDate } from "#app/features/orders/orders.ts";
import { returnFormHref } from "#app/features/returns/return-form.ts";
import { buttonClass } from "#app/ui/button.tsx";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { returnHref, returnLabelHref } from "#contract/paths.ts";
import { ReturnStateBadge } from "./return-view.tsx";

/**
 * An order's returns in its MY ORDERS dialog: "Return or exchange" while its window is open, and each return with
 * its state, its page and, while the goods are still to come back, its label.
 */
export function OrderReturns({ order }: { order: OrderDetailDto }) {
  const windowEndsAt = order.return_window_ends_at;
  const canReturn = windowEndsAt !== null && Date.parse(windowEndsAt) > Date.now();
  if (!canReturn && order.returns.length === 0) return null;
  return (
    <section className="order-returns" aria-labelledby="order-returns-title">
      <h3 id="order-returns-title" className="order-dialog__subtitle">
        {MSG.returns.listTitle}
      </h3>
      {canReturn ? (
        <div className="order-returns__start">
          <Link to={returnFormHref(order.id)} className={buttonClass({ variant: "outline" })}>
            {MSG.returns.start}
          </Link>
          <p className="order-returns__window">{MSG.returns.openUntil(formatOrderDate(windowEndsAt))}</p>
        </div>
      ) : null}
      {order.returns.length > 0 ? (
        <ul className="order-returns__list">
          {order.returns.map((entry) => (
            <li key={entry.code} className="order-returns__entry">
              <Link to={returnHref(entry.code)} className="order-returns__code">
                {entry.code}
              </Link>
              <ReturnStateBadge state={entry.state} name={entry.state_name} />
              <span className="order-returns__date">{formatOrderDate(entry.created_at)}</span>
              {entry.state === "requested" ? (
                <Link to={returnLabelHref(entry.code)} className="order-returns__label">
                  {MSG.returns.printLabel}
                  <span className="visually-hidden"> {entry.code}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
