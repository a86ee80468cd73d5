import { statusLabel, statusTone } from "#app/lib/orders.ts";

/** An order's status as a coloured badge (spec section 4: the named statuses have colours, others grey). */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span className="order-status" data-tone={statusTone(status)}>
      {statusLabel(status)}
    </span>
  );
}
