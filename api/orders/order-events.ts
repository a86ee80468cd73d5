import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Queryable } from "#api/db/connect.ts";
import type { OrderStatus } from "#contract/checkout.ts";

/**
 * Writes that an order reached `status`, in the transaction that wrote the status: at the order's creation (the
 * status it was written with) and at every change. `actorUserId` is the operator who moved it; null when the shop
 * itself did (checkout, payment capture, the command line).
 */
export async function recordOrderEvent(
  trx: Queryable,
  clock: Clock,
  event: { orderId: number; status: OrderStatus; actorUserId: number | null; note?: string | null },
): Promise<void> {
  await trx
    .insertInto("order_events")
    .values({
      order_id: event.orderId,
      status: event.status,
      actor_user_id: event.actorUserId,
      note: event.note ?? null,
      created_at: isoNow(clock),
    })
    .execute();
}
