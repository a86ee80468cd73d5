import { OTP_POLICY } from "#contract/constants.ts";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { orderDetailHref, returnHref, returnLabelHref, UNSUBSCRIBE_API, UNSUBSCRIBE_PAGE, unsubscribeHref } from "#contract/paths.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

/** One rendered message: a plain text part (codes are easy to read from it) and an HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** One line that is safe to log when mail stays on this machine (the local outbox). */
  preview: string;
  /** Extra message headers (the newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** The shop's public origin (PUBLIC_URL), which the outbox's sender adds to the data of mails that link back. */
export type ShopLink = { shopUrl: string };

/** An order as the shop's notice of it shows it. */
export interface OrderNotice {
  code: string;
  customerName: string;
  customerEmail: string;
  /** GBP, like the order DTO. */
  total: number;
  paymentMethod: string;
  items: { quantity: number; name: string; variant: string; sku: string }[];
  address: string;
}

/** A return's or a claim's e-mail: whose, which return, of which order. */
type ReturnMailData = { name: string; returnCode: string; orderCode: string };

/** An exchange's or a replacement's parcel, as the carrier's tracking names it. */
export interface ReturnShipment {
  carrier_name: string;
  tracking_number: string;
  tracking_url: string;
}

const CODE_MINUTES = OTP_POLICY.ttlMs / 60_000;

/**
 * Every e-mail the shop sends, by name. A new message (such as the order confirmation) is one more
 * entry here; `Mailer.send(name, to, data)` is then typed by that entry's data.
 */
export const templates = {
  verificationCode: (data: { name: string; code: string }) =>
    codeMail({
      name: data.name,
      code: data.code,
      subject: `Your ${SHOP.name} verification code`,
      purpose: "Use this code to verify your email address:",
      preview: `verification code ${data.code}`,
    }),

  resetCode: (data: { name: string; code: string }) =>
    codeMail({
      name: data.name,
      code: data.code,
      subject: `Your ${SHOP.name} password reset code`,
      purpose: "Use this code to reset your password:",
      preview: `password reset code ${data.code}`,
    }),

  passwordChanged: (data: { name: string }) => {
    const lines = [
      "Your password has just been changed, and every device that was signed in has been signed out.",
      `If you did not do this, reset your password now and contact us at ${SHOP.email} or ${SHOP.phone}.`,
    ];
    return {
      subject: `Your ${SHOP.name} password was changed`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, paragraphs(lines)),
      preview: "password changed notice",
    };
  },

  /** A contact form message, delivered to the shop's own inbox; the sender's details head the body so staff can reply. */
  contactMessage: (data: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    orderNumber?: string;
    subject: string;
    message: string;
  }) => {
    const sender = `${data.firstName} ${data.lastName}`;
    const details: [string, string | undefined][] = [
      ["From", `${sender} <${data.email}>`],
      ["Phone", data.phone],
      ["Order number", data.orderNumber],
      ["Subject", data.subject],
      ["Reference", `#${data.id}`],
    ];
    const given = details.filter((detail): detail is [string, string] => Boolean(detail[1]));
    const greeting = `${SHOP.name} team`;
    const intro = "A new message arrived through the contact form:";
    return {
      // Names are single-line after trimming, but a header must never carry a line break.
      subject: `[Contact] ${data.subject}: ${sender}`.replace(/\s+/g, " "),
      text: textLayout(greeting, [intro, "", ...given.map(([label, value]) => `${label}: ${value}`), "", data.message]),
      html: htmlLayout(
        greeting,
        `<p>${escapeHtml(intro)}</p>` +
          detailTable(given) +
          `<p style="white-space:pre-wrap;border-left:2px solid #b08d57;padding-left:16px">${escapeHtml(data.message)}</p>`,
      ),
      preview: `contact message #${data.id} (${data.subject})`,
    };
  },
  /** Sent once an order is paid: what was bought, what it cost, where it goes. */
  orderConfirmation: (data: { name: string; order: OrderDetailDto }) => {
    const { order } = data;
    const items = order.items.map(
      (item) => `${item.quantity} × ${item.product_name} (${item.variant_name}) ${pounds(item.unit_price * item.quantity)}`,
    );
    const totals: [string, string][] = [
      ["Subtotal", pounds(order.subtotal)],
      ["Shipping", `${pounds(order.shipping)} (${order.shipping_method})`],
      ...(order.discount > 0 ? [[`Discount (${order.promo_code})`, `-${pounds(order.discount)}`] as [string, string]] : []),
      ["Total", pounds(order.total)],
    ];
    const address = [
      order.shipping_address.line1,
      order.shipping_address.line2,
      order.shipping_address.city,
      order.shipping_address.postal_code,
    ]
      .filter(Boolean)
      .join(", ");
    const intro = `Thank you for your order ${order.order_code}. We will e-mail you again with tracking once it ships.`;
    const lines = [intro, "", ...items, "", ...totals.map(([label, value]) => `${label}: ${value}`), "", `Delivering to: ${address}`];
    return {
      subject: `Your ${SHOP.name} order ${order.order_code}`,
      text: textLayout(data.name, lines),
      html: htmlLayout(
        data.name,
        `<p>${escapeHtml(intro)}</p><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` +
          `<table style="border-collapse:collapse;margin:16px 0">${totals
            .map(
              ([label, value]) =>
                `<tr><th style="text-align:left;padding:4px 16px 4px 0;font-weight:normal">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table><p>${escapeHtml(`Delivering to: ${address}`)}</p>`,
      ),
      preview: `order confirmation ${order.order_code}`,
    };
  },

  /** The parcel left: the carrier and its tracking number, linked to the carrier's page when the shop knows both. */
  orderShipped: (data: {
    name: string;
    orderCode: string;
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  }) => {
    const intro = `Good news: your order ${data.orderCode} is on its way.`;
    const tracking =
      data.carrier && data.trackingNumber
        ? `It travels with ${data.carrier}, tracking number ${data.trackingNumber}.`
        : "The carrier will deliver it to the address on your order.";
    const follow = data.trackingUrl ? `Follow your parcel: ${data.trackingUrl}` : null;
    return {
      subject: `Your ${SHOP.name} order ${data.orderCode} has shipped`,
      text: textLayout(data.name, [intro, tracking, ...(follow ? ["", follow] : [])]),
      html: htmlLayout(data.name, paragraphs([intro, tracking]) + (data.trackingUrl ? button(data.trackingUrl, "Track your parcel") : "")),
      preview: `order shipped ${data.orderCode}`,
    };
  },

  /** Delivered: the order in MY ORDERS, where each item can be reviewed. */
  orderDelivered: (data: ShopLink & { name: string; orderCode: string; orderId: number }) => {
    const link = `${data.shopUrl}${orderDetailHref(data.orderId)}`;
    const lines = [
      `Your order ${data.orderCode} has been delivered. We hope you love it.`,
      "Tell other shoppers what you think: review the items from your order in MY ORDERS.",
    ];
    return {
      subject: `Your ${SHOP.name} order ${data.orderCode} has been delivered`,
      text: textLayout(data.name, [...lines, "", `Review your items: ${link}`]),
      html: htmlLayout(data.name, paragraphs(lines) + button(link, "Review your items")),
      preview: `order delivered ${data.orderCode}`,
    };
  },

  orderCancelled: (data: { name: string; orderCode: string }) => {
    const lines = [
      `Your order ${data.orderCode} has been cancelled.`,
      "If you paid for it, the payment is refunded to the way you paid, and we will confirm the refund by e-mail.",
      `Questions? Write to ${SHOP.email} or call ${SHOP.phone}.`,
    ];
    return {
      subject: `Your ${SHOP.name} order ${data.orderCode} has been cancelled`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, paragraphs(lines)),
      preview: `order cancelled ${data.orderCode}`,
    };
  },

  /** The amount is GBP, as on the order. */
  orderRefunded: (data: { name: string; orderCode: string; amount: number }) => {
    const lines = [
      `We have refunded ${pounds(data.amount)} for your order ${data.orderCode} to the way you paid.`,
      "Your bank or card provider may take a few working days to show it.",
    ];
    return {
      subject: `Your ${SHOP.name} refund for order ${data.orderCode}`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, paragraphs(lines)),
      preview: `order refunded ${data.orderCode}`,
    };
  },

  /** A return registered (or a claim whose goods are to come back): what goes in the parcel, and the label to print. */
  returnRegistered: (
    data: ShopLink & ReturnMailData & { items: { quantity: number; name: string; variant: string; outcome: string }[] },
  ) => {
    const label = `${data.shopUrl}${returnLabelHref(data.returnCode)}`;
    const intro = `Your return ${data.returnCode} for order ${data.orderCode} is registered.`;
    const steps = [
      "Print your prepaid return label, attach it to the parcel and hand it to the carrier. Put the items inside with their tags attached.",
      "We will e-mail you when it reaches us.",
    ];
    const items = data.items.map((item) => `${item.quantity} × ${item.name} (${item.variant}): ${item.outcome}`);
    return {
      subject: `Your ${SHOP.name} return ${data.returnCode}: print your label`,
      text: textLayout(data.name, [intro, "", ...items, "", ...steps, "", `Print your label: ${label}`]),
      html: htmlLayout(
        data.name,
        `${paragraphs([intro])}<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>${paragraphs(steps)}` +
          button(label, "Print your return label"),
      ),
      preview: `return registered ${data.returnCode}`,
    };
  },

  returnReceived: (data: ShopLink & ReturnMailData) => {
    const page = `${data.shopUrl}${returnHref(data.returnCode)}`;
    const lines = [
      `We have received your return ${data.returnCode} for order ${data.orderCode}.`,
      "We will e-mail you again once your refund or exchange is on its way.",
    ];
    return {
      subject: `We have received your ${SHOP.name} return ${data.returnCode}`,
      text: textLayout(data.name, [...lines, "", `Your return: ${page}`]),
      html: htmlLayout(data.name, paragraphs(lines) + button(page, "See your return")),
      preview: `return received ${data.returnCode}`,
    };
  },

  /** The amount is GBP: what this return's refund gave back. */
  returnRefunded: (data: ReturnMailData & { amount: number }) => {
    const lines = [
      `We have refunded ${pounds(data.amount)} for your return ${data.returnCode} (order ${data.orderCode}) to the way you paid.`,
      "Your bank or card provider may take a few working days to show it.",
    ];
    return {
      subject: `Your ${SHOP.name} refund for return ${data.returnCode}`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, paragraphs(lines)),
      preview: `return refunded ${data.returnCode}`,
    };
  },

  exchangeShipped: (data: ReturnMailData & { shipment: ReturnShipment | null }) => {
    const intro = `The exchange for your return ${data.returnCode} (order ${data.orderCode}) is on its way.`;
    return {
      subject: `Your ${SHOP.name} exchange for return ${data.returnCode} has shipped`,
      ...shipmentMail(data.name, [intro], data.shipment),
      preview: `exchange shipped ${data.returnCode}`,
    };
  },

  returnRejected: (data: ReturnMailData & { reason: string }) => {
    const lines = [
      `We could not accept your return ${data.returnCode} for order ${data.orderCode}.`,
      `The reason: ${data.reason}`,
      `Questions? Write to ${SHOP.email} or call ${SHOP.phone}.`,
    ];
    return {
      subject: `Your ${SHOP.name} return ${data.returnCode} was not accepted`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, paragraphs(lines)),
      preview: `return rejected ${data.returnCode}`,
    };
  },

  /** A claim settled: its refund (GBP), or its replacement's parcel, or both. */
  claimResolved: (data: ReturnMailData & { amount: number | null; shipment: ReturnShipment | null }) => {
    const intro = `We are sorry about your order ${data.orderCode}. Your claim ${data.returnCode} is resolved.`;
    const refund =
      data.amount === null
        ? []
        : [`We have refunded ${pounds(data.amount)} to the way you paid; your bank may take a few working days to show it.`];
    const parcel = data.shipment
      ? shipmentMail(data.name, [intro, ...refund, "Your replacement is on its way."], data.shipment)
      : { text: textLayout(data.name, [intro, ...refund]), html: htmlLayout(data.name, paragraphs([intro, ...refund])) };
    return {
      subject: `Your ${SHOP.name} claim ${data.returnCode} is resolved`,
      ...parcel,
      preview: `claim resolved ${data.returnCode}`,
    };
  },

  /** To the shop's orders inbox (SHOP_ORDERS_EMAIL): what to pick and pack, and for whom. */
  newOrderNotice: (data: { order: OrderNotice }) => {
    const { order } = data;
    const greeting = `${SHOP.name} team`;
    const intro = `A new order ${order.code} was placed.`;
    const details: [string, string][] = [
      ["Order", order.code],
      ["Customer", `${order.customerName} <${order.customerEmail}>`],
      ["Total", `${pounds(order.total)} (${order.paymentMethod})`],
      ["Deliver to", order.address],
    ];
    const items = order.items.map((item) => `${item.quantity} × ${item.name} (${item.variant}), SKU ${item.sku}`);
    return {
      subject: `[Order] ${order.code}: ${pounds(order.total)}`,
      text: textLayout(greeting, [intro, "", ...details.map(([label, value]) => `${label}: ${value}`), "", ...items]),
      html: htmlLayout(
        greeting,
        `${paragraphs([intro])}${detailTable(details)}<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
      ),
      preview: `new order ${order.code}`,
    };
  },

  /**
   * The newsletter's welcome: the first-purchase code when one is live, and the way out in one click (a link to a
   * page with a form, and the List-Unsubscribe headers of RFC 8058 for mail clients' own button).
   */
  newsletterWelcome: (data: ShopLink & { promo: { code: string; description: string } | null; unsubscribeToken: string }) => {
    const page = unsubscribeHref(`${data.shopUrl}${UNSUBSCRIBE_PAGE}`, data.unsubscribeToken);
    const oneClick = unsubscribeHref(`${data.shopUrl}${UNSUBSCRIBE_API}`, data.unsubscribeToken);
    const intro = `Thank you for joining the ${SHOP.name} community: new collections and news from our atelier will reach you here first.`;
    const offer = data.promo ? ["", `As a welcome, use the code ${data.promo.code} at checkout: ${data.promo.description}.`] : [];
    const leave = "You can unsubscribe at any time:";
    return {
      subject: `Welcome to ${SHOP.name}`,
      text: textLayout("and welcome", [intro, ...offer, "", `${leave} ${page}`]),
      html: htmlLayout(
        "and welcome",
        paragraphs([intro]) +
          (data.promo
            ? `<p>${escapeHtml(`As a welcome, use this code at checkout (${data.promo.description}):`)}</p>` +
              `<p style="font-size:24px;letter-spacing:4px;font-weight:bold;margin:24px 0">${escapeHtml(data.promo.code)}</p>`
            : "") +
          `<p style="font-size:12px;color:#6b625c">${escapeHtml(leave)} <a href="${escapeHtml(page)}" style="color:#6b625c">unsubscribe</a></p>`,
      ),
      preview: data.promo ? `newsletter welcome with ${data.promo.code}` : "newsletter welcome",
      headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  },
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<Name extends TemplateName> = Parameters<(typeof templates)[Name]>[0];

export const renderMail = <Name extends TemplateName>(name: Name, data: TemplateData<Name>): RenderedMail =>
  (templates[name] as (data: TemplateData<Name>) => RenderedMail)(data);

function codeMail(mail: { name: string; code: string; subject: string; purpose: string; preview: string }): RenderedMail {
  const expiry = `The code expires in ${CODE_MINUTES} minutes and can be used once.`;
  const ignore = "If you did not ask for it, you can ignore this email.";
  return {
    subject: mail.subject,
    text: textLayout(mail.name, [mail.purpose, "", `    ${mail.code}`, "", expiry, ignore]),
    html: htmlLayout(
      mail.name,
      `<p>${escapeHtml(mail.purpose)}</p>` +
        `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:24px 0">${escapeHtml(mail.code)}</p>` +
        `<p>${escapeHtml(expiry)}</p><p>${escapeHtml(ignore)}</p>`,
    ),
    preview: mail.preview,
  };
}

/** A parcel's e-mail body: `lines`, then the carrier and tracking number with the link to follow it. */
function shipmentMail(name: string, lines: string[], shipment: ReturnShipment | null): Pick<RenderedMail, "text" | "html"> {
  const tracking = shipment
    ? `It travels with ${shipment.carrier_name}, tracking number ${shipment.tracking_number}.`
    : "The carrier will deliver it to the address on your order.";
  const follow = shipment ? ["", `Follow your parcel: ${shipment.tracking_url}`] : [];
  return {
    text: textLayout(name, [...lines, tracking, ...follow]),
    html: htmlLayout(name, paragraphs([...lines, tracking]) + (shipment ? button(shipment.tracking_url, "Track your parcel") : "")),
  };
}

const pounds = (amount: number) => `£${amount.toFixed(2)}`;

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:#2b2522;color:#ffffff;text-decoration:none;letter-spacing:1px">${escapeHtml(label)}</a></p>`;

const detailTable = (rows: [string, string][]) =>
  `<table style="border-collapse:collapse;margin:16px 0">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 16px 4px 0;color:#6b625c;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

const signature = [`${SHOP.name}`, SHOP.tagline, SHOP_ADDRESS_ONE_LINE, `${SHOP.phone} · ${SHOP.email}`];

function textLayout(name: string, lines: string[]) {
  return [`Hello ${name},`, "", ...lines, "", "--", ...signature, ""].join("\n");
}

function htmlLayout(name: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(SHOP.name)}</title></head>
<body style="margin:0;padding:24px;background:#f7f3ee;font-family:Georgia,serif;color:#2b2522">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px">
<h1 style="font-weight:normal;letter-spacing:2px;margin:0 0 24px">${escapeHtml(SHOP.name)}</h1>
<p>Hello ${escapeHtml(name)},</p>${body}
<hr style="border:none;border-top:1px solid #e5ddd3;margin:32px 0 16px">
<p style="font-size:12px;color:#6b625c">${signature.map(escapeHtml).join("<br>")}</p>
</div></body></html>`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
