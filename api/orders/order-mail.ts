import type { Kysely } from "kysely";
import { isErasedEmail } from "#api/account/erased-address.ts";
import type { Clock } from "#api/core/clock.ts";
import type { Database } from "#api/db/schema.ts";
import { enqueueMail, SHOP_ORDERS_INBOX } from "#api/mail/outbox.ts";
import { CARRIERS, type CarrierId, trackingUrl } from "#contract/carriers.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { toGbp } from "#contract/money.ts";
import { userOrderDetail } from "./order-reads.ts";

/**
 * What happened to an order that the shopper (and for `placed`, the shop) is told by e-mail. `placed`: the
 * shopper's confirmation and the shop's new-order notice.
 */
export type OrderMailEvent = "placed" | "shipped" | "delivered" | "cancelled" | "refunded";

/** The statuses whose arrival the shopper is told of by e-mail. */
const MAILED_STATUSES = ["shipped", "delivered", "cancelled"] as const;
export const isMailedStatus = (status: OrderStatus): status is (typeof MAILED_STATUSES)[number] =>
  (MAILED_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Enqueues the e-mails an order event promises, inside the transaction that makes the change (one call where the
 * change happens). Each is keyed by event and order, so an event repeated for one order mails once.
 */
export async function enqueueOrderMail(trx: Kysely<Database>, clock: Clock, orderId: number, event: OrderMailEvent): Promise<void> {
  const order = await trx
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.id", "o.code", "o.user_id", "o.carrier", "o.tracking_number", "o.total_pence", "u.name", "u.email"])
    .where("o.id", "=", orderId)
    .executeTakeFirstOrThrow();
  // An erased shopper's order still moves (decision 0057), but there is no one left to tell.
  if (isErasedEmail(order.email)) return;
  const key = `order-${event}:${order.id}`;
  if (event === "placed") {
    const detail = (await userOrderDetail(trx, order.user_id, order.id)) as OrderDetailDto;
    await enqueueMail(trx, clock, { key, template: "orderConfirmation", to: order.email, data: { name: order.name, order: detail } });
    await enqueueMail(trx, clock, {
      key: `order-notice:${order.id}`,
      template: "newOrderNotice",
      to: SHOP_ORDERS_INBOX,
      data: { order: orderNotice(detail, order) },
    });
    return;
  }
  // Each mail after the confirmation links to the order in MY ORDERS and lists its items with their pictures.
  const items = await trx
    .selectFrom("order_items")
    .select(["quantity", "product_name as name", "variant_name as variant", "product_image as image"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const shopper = { name: order.name, orderCode: order.code, orderId: order.id, items };
  switch (event) {
    case "shipped": {
      const carrier = order.carrier && order.carrier in CARRIERS ? (order.carrier as CarrierId) : null;
      const tracking = order.tracking_number;
      await enqueueMail(trx, clock, {
        key,
        template: "orderShipped",
        to: order.email,
        data: {
          ...shopper,
          carrier: carrier ? CARRIERS[carrier].name : order.carrier,
          trackingNumber: tracking,
          trackingUrl: carrier && tracking ? trackingUrl(carrier, tracking) : null,
        },
      });
      return;
    }
    case "delivered":
      await enqueueMail(trx, clock, { key, template: "orderDelivered", to: order.email, data: shopper });
      return;
    case "cancelled":
      await enqueueMail(trx, clock, { key, template: "orderCancelled", to: order.email, data: shopper });
      return;
    case "refunded":
      await enqueueMail(trx, clock, {
        key,
        template: "orderRefunded",
        to: order.email,
        data: { ...shopper, amount: toGbp(order.total_pence) },
      });
      return;
  }
}

function orderNotice(detail: OrderDetailDto, customer: { name: string; email: string }) {
  const address = detail.shipping_address;
  return {
    code: detail.order_code,
    customerName: customer.name,
    customerEmail: customer.email,
    total: detail.total,
    paymentMethod: detail.payment_method_name,
    items: detail.items.map((item) => ({
      quantity: item.quantity,
      name: item.product_name,
      variant: item.variant_name,
      sku: item.product_sku,
      image: item.product_image,
    })),
    address: [address.line1, address.line2, address.city, address.postal_code, address.phone].filter(Boolean).join(", "),
  };
}
