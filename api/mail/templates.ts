import { OTP_POLICY } from "#contract/constants.ts";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

/** One rendered message: a plain text part (codes are easy to read from it) and an HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** One line that is safe to log when mail stays on this machine (the local outbox). */
  preview: string;
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
      `If you did not do this, reset your password now and contact us at ${SHOP.supportEmail} or ${SHOP.phone}.`,
    ];
    return {
      subject: `Your ${SHOP.name} password was changed`,
      text: textLayout(data.name, lines),
      html: htmlLayout(data.name, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")),
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
        `<p>${escapeHtml(intro)}</p><table style="border-collapse:collapse;margin:16px 0">` +
          given
            .map(
              ([label, value]) =>
                `<tr><th style="text-align:left;padding:4px 16px 4px 0;color:#6b625c;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join("") +
          `</table><p style="white-space:pre-wrap;border-left:2px solid #b08d57;padding-left:16px">${escapeHtml(data.message)}</p>`,
      ),
      preview: `contact message #${data.id} (${data.subject})`,
    };
  },
  /** Sent once an order is paid: what was bought, what it cost, where it goes. */
  orderConfirmation: (data: { name: string; order: OrderDetailDto }) => {
    const { order } = data;
    const pounds = (amount: number) => `£${amount.toFixed(2)}`;
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
