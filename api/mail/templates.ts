import { OTP_POLICY } from "#contract/constants.ts";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import {
  adminOrderHref,
  orderDetailHref,
  returnHref,
  returnLabelHref,
  UNSUBSCRIBE_API,
  UNSUBSCRIBE_PAGE,
  unsubscribeHref,
} from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import {
  button,
  codePanel,
  detailTable,
  htmlLayout,
  itemTable,
  type MailItem,
  paragraph,
  paragraphs,
  quote,
  smallPrint,
  textLayout,
} from "./layout.ts";

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

/**
 * The shop's public origin (PUBLIC_URL), which the sender adds to every mail's data (the outbox's sender, and
 * `sendInBackground`): the wordmark, thumbnails and links are absolute URLs on it.
 */
export type ShopLink = { shopUrl: string };

/** One line of an order as its e-mails list it; `image` is the product's picture (a path on the shop), if any. */
export interface OrderMailItem {
  quantity: number;
  name: string;
  variant: string;
  image: string | null;
}

/**
 * What the shopper's e-mails about an order after its confirmation carry besides its code: its id (the link to it in
 * MY ORDERS) and its items. Optional: a mail enqueued by the release before this one (still in the outbox during a
 * deploy) has neither, and goes without them.
 */
type OrderMailDetails = { orderId?: number; items?: OrderMailItem[] };

/** An order as the shop's notice of it shows it. */
export interface OrderNotice {
  code: string;
  customerName: string;
  customerEmail: string;
  /** GBP, like the order DTO. */
  total: number;
  paymentMethod: string;
  /** `image`: optional, as a notice enqueued by the release before this one has none. */
  items: { quantity: number; name: string; variant: string; sku: string; image?: string | null }[];
  address: string;
}

/** A return's or a claim's e-mail: whose, which return, of which order. */
type ReturnMailData = ShopLink & { name: string; returnCode: string; orderCode: string };

/** An exchange's or a replacement's parcel, as the carrier's tracking names it. */
export interface ReturnShipment {
  carrier_name: string;
  tracking_number: string;
  tracking_url: string;
}

const CODE_MINUTES = OTP_POLICY.ttlMs / 60_000;

/**
 * Every e-mail the shop sends, by name. A new message (such as the order confirmation) is one more
 * entry here; `Mailer.send(name, to, data)` is then typed by that entry's data. Each is drawn in the one
 * layout of ./layout.ts.
 */
export const templates = {
  verificationCode: (data: ShopLink & { name: string; code: string }) =>
    codeMail(data, {
      subject: `Your ${SHOP.name} verification code`,
      purpose: "Use this code to verify your email address:",
      preview: `verification code ${data.code}`,
    }),

  resetCode: (data: ShopLink & { name: string; code: string }) =>
    codeMail(data, {
      subject: `Your ${SHOP.name} password reset code`,
      purpose: "Use this code to reset your password:",
      preview: `password reset code ${data.code}`,
    }),

  passwordChanged: (data: ShopLink & { name: string }) => {
    const lines = [
      "Your password has just been changed, and every device that was signed in has been signed out.",
      `If you did not do this, reset your password now and contact us at ${SHOP.email} or ${SHOP.phone}.`,
    ];
    const subject = `Your ${SHOP.name} password was changed`;
    return {
      subject,
      text: textLayout(data.name, lines),
      html: layout(data, subject, data.name, paragraphs(lines)),
      preview: "password changed notice",
    };
  },

  /** A contact form message, delivered to the shop's own inbox; the sender's details head the body so staff can reply. */
  contactMessage: (
    data: ShopLink & {
      id: number;
      firstName: string;
      lastName: string;
      email: string;
      phone?: string;
      orderNumber?: string;
      subject: string;
      message: string;
    },
  ) => {
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
    // Names are single-line after trimming, but a header must never carry a line break.
    const subject = `[Contact] ${data.subject}: ${sender}`.replace(/\s+/g, " ");
    return {
      subject,
      text: textLayout(greeting, [intro, "", ...given.map(([label, value]) => `${label}: ${value}`), "", data.message]),
      html: layout(data, subject, greeting, paragraph(intro) + detailTable(given) + quote(data.message)),
      preview: `contact message #${data.id} (${data.subject})`,
    };
  },

  /** Sent once an order is paid: what was bought, what it cost, where it goes, and the link to it in MY ORDERS. */
  orderConfirmation: (data: ShopLink & { name: string; order: OrderDetailDto }) => {
    const { order } = data;
    const items = order.items.map((item) => ({
      line: `${item.quantity} × ${item.product_name} (${item.variant_name}) ${pounds(item.unit_price * item.quantity)}`,
      name: item.product_name,
      image: item.product_image,
    }));
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
    const delivering = `Delivering to: ${address}`;
    const link = orderLink(data.shopUrl, order.id);
    const subject = `Your ${SHOP.name} order ${order.order_code}`;
    return {
      subject,
      text: textLayout(data.name, [
        intro,
        "",
        ...items.map((item) => item.line),
        "",
        ...totals.map(([label, value]) => `${label}: ${value}`),
        "",
        delivering,
        ...link.text,
      ]),
      html: layout(
        data,
        subject,
        data.name,
        paragraph(intro) + itemTable(data.shopUrl, items) + detailTable(totals) + paragraph(delivering) + link.html,
      ),
      preview: `order confirmation ${order.order_code}`,
    };
  },

  /** The parcel left: the carrier and its tracking number, linked to the carrier's page when the shop knows both. */
  orderShipped: (
    data: ShopLink &
      OrderMailDetails & {
        name: string;
        orderCode: string;
        carrier: string | null;
        trackingNumber: string | null;
        trackingUrl: string | null;
      },
  ) => {
    const intro = `Good news: your order ${data.orderCode} is on its way.`;
    const tracking =
      data.carrier && data.trackingNumber
        ? `It travels with ${data.carrier}, tracking number ${data.trackingNumber}.`
        : "The carrier will deliver it to the address on your order.";
    const follow = data.trackingUrl ? `Follow your parcel: ${data.trackingUrl}` : null;
    const order = orderParts(data);
    const subject = `Your ${SHOP.name} order ${data.orderCode} has shipped`;
    return {
      subject,
      text: textLayout(data.name, [intro, tracking, ...(follow ? ["", follow] : []), ...order.text]),
      html: layout(
        data,
        subject,
        data.name,
        paragraphs([intro, tracking]) + (data.trackingUrl ? button(data.trackingUrl, "Track your parcel") : "") + order.html,
      ),
      preview: `order shipped ${data.orderCode}`,
    };
  },

  /** Delivered: the order in MY ORDERS, where each item can be reviewed. */
  orderDelivered: (data: ShopLink & { name: string; orderCode: string; orderId: number; items?: OrderMailItem[] }) => {
    const link = `${data.shopUrl}${orderDetailHref(data.orderId)}`;
    const lines = [
      `Your order ${data.orderCode} has been delivered. We hope you love it.`,
      "Tell other shoppers what you think: review the items from your order in MY ORDERS.",
    ];
    const order = orderParts({ shopUrl: data.shopUrl, items: data.items });
    const subject = `Your ${SHOP.name} order ${data.orderCode} has been delivered`;
    return {
      subject,
      text: textLayout(data.name, [...lines, ...order.text, "", `Review your items: ${link}`]),
      html: layout(data, subject, data.name, paragraphs(lines) + order.html + button(link, "Review your items")),
      preview: `order delivered ${data.orderCode}`,
    };
  },

  orderCancelled: (data: ShopLink & OrderMailDetails & { name: string; orderCode: string }) => {
    const lines = [
      `Your order ${data.orderCode} has been cancelled.`,
      "If you paid for it, the payment is refunded to the way you paid, and we will confirm the refund by e-mail.",
      `Questions? Write to ${SHOP.email} or call ${SHOP.phone}.`,
    ];
    const order = orderParts(data);
    const subject = `Your ${SHOP.name} order ${data.orderCode} has been cancelled`;
    return {
      subject,
      text: textLayout(data.name, [...lines, ...order.text]),
      html: layout(data, subject, data.name, paragraphs(lines) + order.html),
      preview: `order cancelled ${data.orderCode}`,
    };
  },

  /** The amount is GBP, as on the order. */
  orderRefunded: (data: ShopLink & OrderMailDetails & { name: string; orderCode: string; amount: number }) => {
    const lines = [
      `We have refunded ${pounds(data.amount)} for your order ${data.orderCode} to the way you paid.`,
      "Your bank or card provider may take a few working days to show it.",
    ];
    const order = orderParts(data);
    const subject = `Your ${SHOP.name} refund for order ${data.orderCode}`;
    return {
      subject,
      text: textLayout(data.name, [...lines, ...order.text]),
      html: layout(data, subject, data.name, paragraphs(lines) + order.html),
      preview: `order refunded ${data.orderCode}`,
    };
  },

  /** A return registered (or a claim whose goods are to come back): what goes in the parcel, and the label to print. */
  returnRegistered: (
    data: ReturnMailData & { items: { quantity: number; name: string; variant: string; outcome: string; image?: string | null }[] },
  ) => {
    const label = `${data.shopUrl}${returnLabelHref(data.returnCode)}`;
    const intro = `Your return ${data.returnCode} for order ${data.orderCode} is registered.`;
    const steps = [
      "Print your return label, attach it to the parcel and post it to us. Put the items inside with their tags attached.",
      "We will e-mail you when it reaches us.",
    ];
    const items = data.items.map((item) => ({
      line: `${item.quantity} × ${item.name} (${item.variant}): ${item.outcome}`,
      name: item.name,
      image: item.image ?? null,
    }));
    const subject = `Your ${SHOP.name} return ${data.returnCode}: print your label`;
    return {
      subject,
      text: textLayout(data.name, [intro, "", ...items.map((item) => item.line), "", ...steps, "", `Print your label: ${label}`]),
      html: layout(
        data,
        subject,
        data.name,
        paragraph(intro) + itemTable(data.shopUrl, items) + paragraphs(steps) + button(label, "Print your return label"),
      ),
      preview: `return registered ${data.returnCode}`,
    };
  },

  returnReceived: (data: ReturnMailData) => {
    const page = `${data.shopUrl}${returnHref(data.returnCode)}`;
    const lines = [
      `We have received your return ${data.returnCode} for order ${data.orderCode}.`,
      "We will e-mail you again once your refund or exchange is on its way.",
    ];
    const subject = `We have received your ${SHOP.name} return ${data.returnCode}`;
    return {
      subject,
      text: textLayout(data.name, [...lines, "", `Your return: ${page}`]),
      html: layout(data, subject, data.name, paragraphs(lines) + button(page, MSG.mail.seeReturn)),
      preview: `return received ${data.returnCode}`,
    };
  },

  /** The amount is GBP: what this return's refund gave back. */
  returnRefunded: (data: ReturnMailData & { amount: number }) => {
    const lines = [
      `We have refunded ${pounds(data.amount)} for your return ${data.returnCode} (order ${data.orderCode}) to the way you paid.`,
      "Your bank or card provider may take a few working days to show it.",
    ];
    const link = returnLink(data);
    const subject = `Your ${SHOP.name} refund for return ${data.returnCode}`;
    return {
      subject,
      text: textLayout(data.name, [...lines, ...link.text]),
      html: layout(data, subject, data.name, paragraphs(lines) + link.html),
      preview: `return refunded ${data.returnCode}`,
    };
  },

  exchangeShipped: (data: ReturnMailData & { shipment: ReturnShipment | null }) => {
    const intro = `The exchange for your return ${data.returnCode} (order ${data.orderCode}) is on its way.`;
    const subject = `Your ${SHOP.name} exchange for return ${data.returnCode} has shipped`;
    return {
      subject,
      ...shipmentMail(data, subject, [intro], data.shipment),
      preview: `exchange shipped ${data.returnCode}`,
    };
  },

  returnRejected: (data: ReturnMailData & { reason: string }) => {
    const lines = [
      `We could not accept your return ${data.returnCode} for order ${data.orderCode}.`,
      `The reason: ${data.reason}`,
      `Questions? Write to ${SHOP.email} or call ${SHOP.phone}.`,
    ];
    const link = returnLink(data);
    const subject = `Your ${SHOP.name} return ${data.returnCode} was not accepted`;
    return {
      subject,
      text: textLayout(data.name, [...lines, ...link.text]),
      html: layout(data, subject, data.name, paragraphs(lines) + link.html),
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
    const subject = `Your ${SHOP.name} claim ${data.returnCode} is resolved`;
    const link = returnLink(data);
    const parcel = data.shipment
      ? shipmentMail(data, subject, [intro, ...refund, "Your replacement is on its way."], data.shipment)
      : {
          text: textLayout(data.name, [intro, ...refund, ...link.text]),
          html: layout(data, subject, data.name, paragraphs([intro, ...refund]) + link.html),
        };
    return {
      subject,
      ...parcel,
      preview: `claim resolved ${data.returnCode}`,
    };
  },

  /** To the shop's orders inbox (SHOP_ORDERS_EMAIL): what to pick and pack, and for whom, with the order in the back office. */
  newOrderNotice: (data: ShopLink & { order: OrderNotice }) => {
    const { order } = data;
    const greeting = `${SHOP.name} team`;
    const intro = `A new order ${order.code} was placed.`;
    const details: [string, string][] = [
      ["Order", order.code],
      ["Customer", `${order.customerName} <${order.customerEmail}>`],
      ["Total", `${pounds(order.total)} (${order.paymentMethod})`],
      ["Deliver to", order.address],
    ];
    const items = order.items.map((item) => ({
      line: `${item.quantity} × ${item.name} (${item.variant}), SKU ${item.sku}`,
      name: item.name,
      image: item.image ?? null,
    }));
    const link = linkParts(`${data.shopUrl}${adminOrderHref(order.code)}`, MSG.mail.openOrder);
    const subject = `[Order] ${order.code}: ${pounds(order.total)}`;
    return {
      subject,
      text: textLayout(greeting, [
        intro,
        "",
        ...details.map(([label, value]) => `${label}: ${value}`),
        "",
        ...items.map((item) => item.line),
        ...link.text,
      ]),
      html: layout(data, subject, greeting, paragraph(intro) + detailTable(details) + itemTable(data.shopUrl, items) + link.html),
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
    const subject = `Welcome to ${SHOP.name}`;
    return {
      subject,
      text: textLayout("and welcome", [intro, ...offer, "", `${leave} ${page}`]),
      html: layout(
        data,
        subject,
        "and welcome",
        paragraph(intro) +
          (data.promo
            ? paragraph(`As a welcome, use this code at checkout (${data.promo.description}):`) + codePanel(data.promo.code)
            : "") +
          smallPrint(leave, { href: page, label: "unsubscribe" }),
      ),
      preview: data.promo ? `newsletter welcome with ${data.promo.code}` : "newsletter welcome",
      headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  },
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<Name extends TemplateName> = Parameters<(typeof templates)[Name]>[0];
/** A template's data as a sender is handed it: the shop's origin (`shopUrl`) is added when the mail is sent. */
export type MailData<Name extends TemplateName> = Omit<TemplateData<Name>, keyof ShopLink>;

export const renderMail = <Name extends TemplateName>(name: Name, data: TemplateData<Name>): RenderedMail =>
  (templates[name] as (data: TemplateData<Name>) => RenderedMail)(data);

const layout = (link: ShopLink, title: string, name: string, body: string) => htmlLayout({ shopUrl: link.shopUrl, title, name, body });

function codeMail(
  data: ShopLink & { name: string; code: string },
  mail: { subject: string; purpose: string; preview: string },
): RenderedMail {
  const expiry = `The code expires in ${CODE_MINUTES} minutes and can be used once.`;
  const ignore = "If you did not ask for it, you can ignore this email.";
  return {
    subject: mail.subject,
    text: textLayout(data.name, [mail.purpose, "", `    ${data.code}`, "", expiry, ignore]),
    html: layout(data, mail.subject, data.name, paragraph(mail.purpose) + codePanel(data.code) + paragraphs([expiry, ignore])),
    preview: mail.preview,
  };
}

/** A link as both parts show it: `label: url` on a line of its own, and a button. */
function linkParts(url: string, label: string) {
  return { text: ["", `${label}: ${url}`], html: button(url, label) };
}

/** The link to an order in MY ORDERS. */
const orderLink = (shopUrl: string, orderId: number) => linkParts(`${shopUrl}${orderDetailHref(orderId)}`, MSG.mail.seeOrder);

/** The link to a return's (or a claim's) page. */
const returnLink = (data: ReturnMailData) => linkParts(`${data.shopUrl}${returnHref(data.returnCode)}`, MSG.mail.seeReturn);

/** An order mail's items with their thumbnails, then the link to the order, each when the mail's data has it. */
function orderParts(data: ShopLink & OrderMailDetails) {
  const items: MailItem[] = (data.items ?? []).map((item) => ({
    line: `${item.quantity} × ${item.name} (${item.variant})`,
    name: item.name,
    image: item.image,
  }));
  const link = data.orderId === undefined ? { text: [], html: "" } : orderLink(data.shopUrl, data.orderId);
  return {
    text: [...(items.length > 0 ? ["", ...items.map((item) => item.line)] : []), ...link.text],
    html: (items.length > 0 ? itemTable(data.shopUrl, items) : "") + link.html,
  };
}

/** A parcel's e-mail body: `lines`, then the carrier and tracking number with the link to follow it, then the return's page. */
function shipmentMail(
  data: ReturnMailData,
  subject: string,
  lines: string[],
  shipment: ReturnShipment | null,
): Pick<RenderedMail, "text" | "html"> {
  const tracking = shipment
    ? `It travels with ${shipment.carrier_name}, tracking number ${shipment.tracking_number}.`
    : "The carrier will deliver it to the address on your order.";
  const follow = shipment ? ["", `Follow your parcel: ${shipment.tracking_url}`] : [];
  const link = returnLink(data);
  return {
    text: textLayout(data.name, [...lines, tracking, ...follow, ...link.text]),
    html: layout(
      data,
      subject,
      data.name,
      paragraphs([...lines, tracking]) + (shipment ? button(shipment.tracking_url, "Track your parcel") : "") + link.html,
    ),
  };
}

const pounds = (amount: number) => `£${amount.toFixed(2)}`;
