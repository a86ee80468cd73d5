import { capitalize, statusLabel, statusTone } from "#app/features/orders/orders.ts";

/** An order's status as a coloured badge: the named statuses have colours of their own, any other is grey. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span className="order-status" data-tone={statusTone(status)}>
      {statusLabel(status)}
    </span>
  );
}

/** The status as one row of an order's facts list (`<dl>`), as the list, the detail and the success page show it. */
export function OrderStatusFact({ status }: { status: string | null | undefined }) {
  return (
    <div>
      <dt>Status</dt>
      <dd>
        <OrderStatusBadge status={status} />
      </dd>
    </div>
  );
}

/** The payment's status as one row of an order's facts list, worded alike wherever an order shows ("Paid"). */
export function PaymentStatusFact({ status, term = "Payment status" }: { status: string; term?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{capitalize(status)}</dd>
    </div>
  );
}
