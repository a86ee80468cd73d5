import { describe, expect, it } from "vitest";
import { trackingUrl } from "#contract/carriers.ts";
import { orderDetailHref, returnHref, returnLabelHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import { renderMail } from "./templates.ts";

const shopUrl = "https://shop.example.com";

describe("order and newsletter templates", () => {
  it("shipped: the carrier, the tracking number and the carrier's page, in text and HTML", () => {
    const url = trackingUrl("dpd", "1550 1234 5678");
    const mail = renderMail("orderShipped", {
      name: "Amira",
      orderCode: "MN-AAAA-BBBB",
      carrier: "DPD",
      trackingNumber: "1550 1234 5678",
      trackingUrl: url,
    });
    expect(mail.subject).toBe(`Your ${SHOP.name} order MN-AAAA-BBBB has shipped`);
    expect(mail.text).toContain("It travels with DPD, tracking number 1550 1234 5678.");
    expect(mail.text).toContain(`Follow your parcel: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(SHOP.phone);
  });

  it("shipped without tracking details promises no link", () => {
    const mail = renderMail("orderShipped", {
      name: "Amira",
      orderCode: "MN-AAAA-BBBB",
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(mail.text).not.toContain("tracking number");
    expect(mail.html).not.toContain("<a ");
  });

  it("delivered: an absolute link to the order in MY ORDERS, where its items are reviewed", () => {
    const mail = renderMail("orderDelivered", { shopUrl, name: "Amira", orderCode: "MN-AAAA-BBBB", orderId: 7 });
    expect(mail.subject).toBe(`Your ${SHOP.name} order MN-AAAA-BBBB has been delivered`);
    expect(mail.text).toContain(`Review your items: ${shopUrl}${orderDetailHref(7)}`);
    expect(mail.html).toContain(`href="${shopUrl}/profile?tab=orders&amp;order=7"`);
  });

  it("cancelled and refunded name the order and the amount", () => {
    expect(renderMail("orderCancelled", { name: "Amira", orderCode: "MN-AAAA-BBBB" }).subject).toBe(
      `Your ${SHOP.name} order MN-AAAA-BBBB has been cancelled`,
    );
    const refunded = renderMail("orderRefunded", { name: "Amira", orderCode: "MN-AAAA-BBBB", amount: 42.5 });
    expect(refunded.subject).toBe(`Your ${SHOP.name} refund for order MN-AAAA-BBBB`);
    expect(refunded.text).toContain("We have refunded £42.50 for your order MN-AAAA-BBBB");
  });

  it("the shop's notice names the order's code, customer, items and address, escaped in HTML", () => {
    const mail = renderMail("newOrderNotice", {
      order: {
        code: "MN-AAAA-BBBB",
        customerName: "Amira <b>Khan</b>",
        customerEmail: "amira@example.com",
        total: 130,
        paymentMethod: "Credit Card",
        items: [{ quantity: 2, name: "Silk abaya", variant: "Black / M", sku: "MN-ABY-1-BLK-M" }],
        address: "1 High Street, London, E1 1AA, 07123456789",
      },
    });
    expect(mail.subject).toBe("[Order] MN-AAAA-BBBB: £130.00");
    expect(mail.text).toContain("2 × Silk abaya (Black / M), SKU MN-ABY-1-BLK-M");
    expect(mail.text).toContain("Deliver to: 1 High Street, London, E1 1AA");
    expect(mail.html).toContain("Amira &lt;b&gt;Khan&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Khan");
  });

  it("the welcome names the code and carries the unsubscribe link and the one-click headers", () => {
    const token = "0123456789abcdef0123456789abcdef";
    const mail = renderMail("newsletterWelcome", {
      shopUrl,
      promo: { code: "WELCOME10", description: "10% off your first purchase" },
      unsubscribeToken: token,
    });
    expect(mail.subject).toBe(`Welcome to ${SHOP.name}`);
    expect(mail.text).toContain("use the code WELCOME10 at checkout: 10% off your first purchase.");
    expect(mail.text).toContain(`${shopUrl}/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="${shopUrl}/unsubscribe?token=${token}"`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${shopUrl}/api/public/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const noOffer = renderMail("newsletterWelcome", { shopUrl, promo: null, unsubscribeToken: token });
    expect(noOffer.text).not.toContain("code");
  });
});

describe("return and claim templates", () => {
  const about = { name: "Amira", returnCode: "RT-AAAA-BBBB", orderCode: "MN-CCCC-DDDD" };
  const shipment = { carrier_name: "DPD", tracking_number: "15501234567890", tracking_url: trackingUrl("dpd", "15501234567890") };

  it("registered: the items and their outcome, and an absolute link to the printable label, escaped in HTML", () => {
    const mail = renderMail("returnRegistered", {
      ...about,
      shopUrl,
      items: [
        { quantity: 1, name: "Linen <Dress>", variant: "Olive / M", outcome: "Exchange for another size or colour: Sand / M" },
        { quantity: 2, name: "Silk Scarf", variant: "Ivory", outcome: "Refund" },
      ],
    });
    expect(mail.subject).toBe(`Your ${SHOP.name} return RT-AAAA-BBBB: print your label`);
    expect(mail.text).toContain("Your return RT-AAAA-BBBB for order MN-CCCC-DDDD is registered.");
    expect(mail.text).toContain("1 × Linen <Dress> (Olive / M): Exchange for another size or colour: Sand / M");
    expect(mail.text).toContain(`Print your label: ${shopUrl}${returnLabelHref("RT-AAAA-BBBB")}`);
    expect(mail.html).toContain(`href="${shopUrl}/returns/RT-AAAA-BBBB/label"`);
    expect(mail.html).toContain("1 × Linen &lt;Dress&gt; (Olive / M)");
    expect(mail.html).not.toContain("<Dress>");
  });

  it("received links to the return's page", () => {
    const mail = renderMail("returnReceived", { ...about, shopUrl });
    expect(mail.subject).toBe(`We have received your ${SHOP.name} return RT-AAAA-BBBB`);
    expect(mail.text).toContain(`Your return: ${shopUrl}${returnHref("RT-AAAA-BBBB")}`);
    expect(mail.html).toContain(`href="${shopUrl}/returns/RT-AAAA-BBBB"`);
  });

  it("refunded names the amount; rejected names the reason, escaped in HTML", () => {
    const refunded = renderMail("returnRefunded", { ...about, amount: 85 });
    expect(refunded.subject).toBe(`Your ${SHOP.name} refund for return RT-AAAA-BBBB`);
    expect(refunded.text).toContain("We have refunded £85.00 for your return RT-AAAA-BBBB (order MN-CCCC-DDDD)");
    expect(refunded.html).toContain("£85.00");
    const rejected = renderMail("returnRejected", { ...about, reason: `Worn & washed <"twice">` });
    expect(rejected.subject).toBe(`Your ${SHOP.name} return RT-AAAA-BBBB was not accepted`);
    expect(rejected.text).toContain(`The reason: Worn & washed <"twice">`);
    expect(rejected.html).toContain("The reason: Worn &amp; washed &lt;&quot;twice&quot;&gt;");
  });

  it("exchange shipped: the carrier, the tracking number and its page", () => {
    const mail = renderMail("exchangeShipped", { ...about, shipment });
    expect(mail.subject).toBe(`Your ${SHOP.name} exchange for return RT-AAAA-BBBB has shipped`);
    expect(mail.text).toContain("It travels with DPD, tracking number 15501234567890.");
    expect(mail.text).toContain(`Follow your parcel: ${shipment.tracking_url}`);
    expect(mail.html).toContain(`href="${shipment.tracking_url}"`);
  });

  it("claim resolved: the refund's amount, or the replacement's tracking, or both", () => {
    const refund = renderMail("claimResolved", { ...about, amount: 35, shipment: null });
    expect(refund.subject).toBe(`Your ${SHOP.name} claim RT-AAAA-BBBB is resolved`);
    expect(refund.text).toContain("We have refunded £35.00");
    expect(refund.text).not.toContain("replacement");
    const replacement = renderMail("claimResolved", { ...about, amount: null, shipment });
    expect(replacement.text).not.toContain("refunded");
    expect(replacement.text).toContain("Your replacement is on its way.");
    expect(replacement.html).toContain(`href="${shipment.tracking_url}"`);
  });
});
