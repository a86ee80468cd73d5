import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type MailSample, mailSamples } from "#api/testing/mail-samples.ts";
import { trackingUrl } from "#contract/carriers.ts";
import { MSG } from "#contract/messages.ts";
import { orderDetailHref, returnHref, returnLabelHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import { MAIL_LOGO } from "./layout.ts";
import { renderMail, templates } from "./templates.ts";

const shopUrl = "https://shop.example.com";

const escapedAttribute = (value: string) => value.replaceAll("&", "&amp;");
/** The start tags of the HTML's `<img>` elements. */
const images = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];

describe("every kind of mail in the shop's layout", () => {
  const samples = mailSamples(shopUrl);

  it("has a sample of every template", () => {
    expect(samples.map((sample) => sample.template).sort()).toEqual(Object.keys(templates).sort());
  });

  describe.each(samples)("$template", (sample) => {
    const mail = renderMail(sample.template, sample.data as never);

    it("scales to the screen: the viewport meta, one column at most 600 px wide, body text of 16 px, nothing under 14 px", () => {
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(mail.html).toContain("max-width:600px");
      expect(mail.html).toContain("font-size:16px");
      const sizes = [...mail.html.matchAll(/font-size:(\d+)px/g)].map((match) => Number(match[1]));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
      // Mail clients drop stylesheets: every style is inline.
      expect(mail.html).not.toMatch(/<style|<link/);
    });

    it("heads with the shop's wordmark from PUBLIC_URL, with the shop's name as alt text", () => {
      expect(images(mail.html)[0]).toContain(`src="${shopUrl}${MAIL_LOGO.path}"`);
      expect(images(mail.html)[0]).toContain(`alt="${SHOP.name}"`);
      expect(images(mail.html)[0]).toMatch(/width="\d+" height="\d+"/);
    });

    it("links to its order or return in both parts, when it is about one", () => {
      if (sample.link === null) return;
      expect(mail.html).toContain(`href="${escapedAttribute(sample.link)}"`);
      expect(mail.text).toContain(sample.link);
    });

    it("shows each item's thumbnail from PUBLIC_URL, sized, with the product's name as alt text", () => {
      const thumbnails = images(mail.html).slice(1);
      expect(thumbnails).toHaveLength(sample.thumbnails.length);
      for (const [index, image] of sample.thumbnails.entries()) {
        expect(thumbnails[index]).toContain(`src="${shopUrl}${image}"`);
        expect(thumbnails[index]).toMatch(/width="64" height="80"/);
        expect(thumbnails[index]).toMatch(/alt="[^"]+"/);
      }
    });

    it("keeps a plain-text part with the greeting, the message and the signature", () => {
      expect(mail.text).toMatch(/^Hello .+,\n/);
      expect(mail.text).toContain(SHOP.phone);
      expect(mail.text).not.toMatch(/<\/?(p|a|img|table|td|br)\b/);
    });
  });

  it("the wordmark is a file the server serves from the build's public folder", () => {
    expect(existsSync(`public${MAIL_LOGO.path}`)).toBe(true);
  });

  it("order mails name each thumbnail after its product, escaped", () => {
    const mail = renderMail("orderShipped", {
      shopUrl,
      name: "Amira",
      orderCode: "MN-AAAA-BBBB",
      orderId: 7,
      items: [{ quantity: 1, name: `Linen "Dress" <Olive>`, variant: "M", image: "/images/products/x.svg" }],
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(images(mail.html)[1]).toContain('alt="Linen &quot;Dress&quot; &lt;Olive&gt;"');
    expect(mail.text).toContain('1 × Linen "Dress" <Olive> (M)');
    expect(mail.text).toContain(`${MSG.mail.seeOrder}: ${shopUrl}${orderDetailHref(7)}`);
  });

  it("keeps each order code, return code and SKU on one line, where a browser would break it after a hyphen", () => {
    const notice = samples.find((sample) => sample.template === "newOrderNotice") as MailSample<"newOrderNotice">;
    const html = renderMail("newOrderNotice", notice.data).html;
    const nowrap = (code: string) => `<span style="white-space:nowrap">${code}</span>`;
    expect(html).toContain(`A new order ${nowrap(notice.data.order.code)} was placed.`);
    expect(html).toContain(`SKU ${nowrap(notice.data.order.items[0].sku)}`);
    // Names with hyphens are words, not codes.
    expect(html).toContain(`>${notice.data.order.customerName} &lt;`);
  });

  it("an order mail enqueued without its id and items (by the release before) goes without them", () => {
    const mail = renderMail("orderCancelled", { shopUrl, name: "Amira", orderCode: "MN-AAAA-BBBB" });
    expect(images(mail.html)).toHaveLength(1);
    expect(mail.text).not.toContain(MSG.mail.seeOrder);
    expect(mail.text).toContain("Your order MN-AAAA-BBBB has been cancelled.");
  });
});

describe("order and newsletter templates", () => {
  it("shipped: the carrier, the tracking number and the carrier's page, in text and HTML", () => {
    const url = trackingUrl("dpd", "1550 1234 5678");
    const mail = renderMail("orderShipped", {
      shopUrl,
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
      shopUrl,
      name: "Amira",
      orderCode: "MN-AAAA-BBBB",
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(mail.text).not.toContain("tracking number");
    expect(mail.html).not.toContain("Track your parcel");
  });

  it("delivered: an absolute link to the order in MY ORDERS, where its items are reviewed", () => {
    const mail = renderMail("orderDelivered", { shopUrl, name: "Amira", orderCode: "MN-AAAA-BBBB", orderId: 7 });
    expect(mail.subject).toBe(`Your ${SHOP.name} order MN-AAAA-BBBB has been delivered`);
    expect(mail.text).toContain(`Review your items: ${shopUrl}${orderDetailHref(7)}`);
    expect(mail.html).toContain(`href="${shopUrl}/profile?tab=orders&amp;order=7"`);
  });

  it("cancelled and refunded name the order and the amount", () => {
    expect(renderMail("orderCancelled", { shopUrl, name: "Amira", orderCode: "MN-AAAA-BBBB" }).subject).toBe(
      `Your ${SHOP.name} order MN-AAAA-BBBB has been cancelled`,
    );
    const refunded = renderMail("orderRefunded", { shopUrl, name: "Amira", orderCode: "MN-AAAA-BBBB", amount: 42.5 });
    expect(refunded.subject).toBe(`Your ${SHOP.name} refund for order MN-AAAA-BBBB`);
    expect(refunded.text).toContain("We have refunded £42.50 for your order MN-AAAA-BBBB");
  });

  it("the shop's notice names the order's code, customer, items and address, escaped in HTML", () => {
    const mail = renderMail("newOrderNotice", {
      shopUrl,
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
  const about = { shopUrl, name: "Amira", returnCode: "RT-AAAA-BBBB", orderCode: "MN-CCCC-DDDD" };
  const shipment = { carrier_name: "DPD", tracking_number: "15501234567890", tracking_url: trackingUrl("dpd", "15501234567890") };

  it("registered: the items and their outcome, and an absolute link to the printable label, escaped in HTML", () => {
    const mail = renderMail("returnRegistered", {
      ...about,
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
    const mail = renderMail("returnReceived", about);
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
