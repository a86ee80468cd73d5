import type { Kysely } from "kysely";
import { isErasedEmail } from "#api/account/erased-address.ts";
import type { Clock } from "#api/core/clock.ts";
import type { Database } from "#api/db/schema.ts";
import { enqueueMail } from "#api/mail/outbox.ts";
import { shipmentOf } from "#api/orders/order-reads.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { refundedOnReturn } from "./return-records.ts";

/**
 * What a return's shopper is told by e-mail: registered (with the label's link; a claim too when its goods are to
 * come back), received, refunded (the amount), exchange shipped (the tracking), rejected (the reason), and for a
 * claim, resolved instead of refunded or shipped.
 */
export type ReturnMailEvent = "registered" | "received" | "refunded" | "shipped" | "rejected" | "resolved";

/**
 * Enqueues the e-mail of `event` in the transaction that makes the change, keyed by event and return, so a step
 * repeated mails once. An erased shopper (decision 0057) is told nothing.
 */
export async function enqueueReturnMail(trx: Kysely<Database>, clock: Clock, returnId: number, event: ReturnMailEvent): Promise<void> {
  const ret = await trx
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["r.id", "r.code", "r.carrier", "r.tracking_number", "r.rejection_reason", "o.code as order_code", "u.name", "u.email"])
    .where("r.id", "=", returnId)
    .executeTakeFirstOrThrow();
  if (isErasedEmail(ret.email)) return;
  const mail = { key: `return-${event}:${ret.id}`, to: ret.email };
  const about = { name: ret.name, returnCode: ret.code, orderCode: ret.order_code };
  const shipment = shipmentOf(ret);
  const refunded = async () => toGbp(await refundedOnReturn(trx, ret.id));
  switch (event) {
    case "registered": {
      const items = await trx
        .selectFrom("return_items as ri")
        .innerJoin("order_items as oi", "oi.id", "ri.order_item_id")
        .select(["ri.quantity", "ri.resolution", "ri.exchange_variant_name", "oi.product_name", "oi.variant_name", "oi.product_image"])
        .where("ri.return_id", "=", ret.id)
        .orderBy("ri.id")
        .execute();
      const lines = items.map((item) => ({
        quantity: item.quantity,
        name: item.product_name,
        variant: item.variant_name,
        image: item.product_image,
        outcome:
          item.resolution === "exchange" && item.exchange_variant_name
            ? `${MSG.returns.resolutionExchange}: ${item.exchange_variant_name}`
            : MSG.returns.resolutionRefund,
      }));
      await enqueueMail(trx, clock, { ...mail, template: "returnRegistered", data: { ...about, items: lines } });
      return;
    }
    case "received":
      await enqueueMail(trx, clock, { ...mail, template: "returnReceived", data: about });
      return;
    case "refunded":
      await enqueueMail(trx, clock, { ...mail, template: "returnRefunded", data: { ...about, amount: await refunded() } });
      return;
    case "shipped":
      await enqueueMail(trx, clock, { ...mail, template: "exchangeShipped", data: { ...about, shipment } });
      return;
    case "rejected":
      await enqueueMail(trx, clock, { ...mail, template: "returnRejected", data: { ...about, reason: ret.rejection_reason ?? "" } });
      return;
    case "resolved": {
      const amount = await refunded();
      await enqueueMail(trx, clock, {
        ...mail,
        template: "claimResolved",
        data: { ...about, amount: amount > 0 ? amount : null, shipment },
      });
      return;
    }
  }
}
