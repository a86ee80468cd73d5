import { capitalize } from "#app/features/orders/orders.ts";

/** A status in the back office: every status has a tone of its own (the shopper's tones, and shipped in admin.css). */
export function AdminStatusBadge({ status }: { status: string }) {
  return (
    <span className="order-status" data-tone={status}>
      {capitalize(status)}
    </span>
  );
}
