import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkoutCatalogue, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi, TEST_SHOP_URL } from "#api/testing/harness.ts";
import { trackingUrl } from "#contract/carriers.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { orderDetailHref } from "#contract/paths.ts";
import { changeOrderStatus, type Shipment } from "./orders.service.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

async function placedOrder() {
  const shop = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const { body } = await pay(
    api,
    shopper.token,
    paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
  );
  await api.outbox.idle();
  api.mailer.sent.length = 0;
  return { shopper, order: body.data as { id: number; order_code: string } };
}

/** Moves the order, then lets the outbox send what the change enqueued, as the server's pass does. */
async function moveTo(code: string, to: OrderStatus, shipment?: Shipment) {
  expect(await changeOrderStatus(api.db, api.clock, api.gateway, code, to, { shipment })).toMatchObject({ ok: true });
  api.outbox.kick();
  await api.outbox.idle();
}

describe("order e-mails", () => {
  it("tells the shopper the order shipped with its tracking link, then that it arrived with the link to review it", async () => {
    const { shopper, order } = await placedOrder();
    await moveTo(order.order_code, "processing");
    expect(api.mailer.sent).toEqual([]);
    await moveTo(order.order_code, "shipped", { carrier: "royal_mail", trackingNumber: "AB123456789GB" });
    const [shipped] = api.mailer.sent;
    expect(shipped).toMatchObject({ template: "orderShipped", to: shopper.user.email });
    expect(shipped.mail.text).toContain("Royal Mail, tracking number AB123456789GB");
    expect(shipped.mail.text).toContain(trackingUrl("royal_mail", "AB123456789GB"));
    expect(shipped.mail.text).toContain(`${MSG.mail.seeOrder}: ${TEST_SHOP_URL}${orderDetailHref(order.id)}`);
    expect(shipped.mail.text).toContain("1 × Chiffon Scarf (Pink / One Size)");

    await moveTo(order.order_code, "delivered");
    const delivered = api.mailer.sent[1];
    expect(delivered).toMatchObject({ template: "orderDelivered", to: shopper.user.email });
    expect(delivered.mail.text).toContain(`${TEST_SHOP_URL}${orderDetailHref(order.id)}`);
    expect(api.mailer.sent).toHaveLength(2);
  });

  it("tells the shopper of a cancelled paid order that it is cancelled and refunded", async () => {
    const { shopper, order } = await placedOrder();
    await moveTo(order.order_code, "cancelled");
    expect(api.mailer.sent.map((mail) => [mail.template, mail.to])).toEqual([
      ["orderCancelled", shopper.user.email],
      ["orderRefunded", shopper.user.email],
    ]);
    expect(api.mailer.sent[1].mail.text).toContain(`We have refunded £`);
    for (const { mail } of api.mailer.sent) {
      expect(mail.html).toContain(`href="${TEST_SHOP_URL}${orderDetailHref(order.id).replaceAll("&", "&amp;")}"`);
      expect(mail.text).toContain("1 × Chiffon Scarf (Pink / One Size)");
    }
  });

  it("enqueues nothing when the status change is refused", async () => {
    const { order } = await placedOrder();
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, order.order_code, "delivered")).toMatchObject({ ok: false });
    expect(await api.db.kysely.selectFrom("mail_outbox").select("dedupe_key").where("status", "=", "pending").execute()).toEqual([]);
  });
});
