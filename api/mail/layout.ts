import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

/**
 * The one layout every e-mail of the shop is drawn in (decision 0062): a single column of tables at most 600 px
 * wide that shrinks to the screen, every style inline (mail clients drop stylesheets and most of `<head>`), the
 * shop's wordmark on top as an image served from PUBLIC_URL, and the signature below. Templates hand it escaped
 * HTML built from the blocks below; every value they interpolate goes through `escapeHtml`.
 */

/** The shop's colours, copied from app/styles/tokens.css: no mail client reads the storefront's stylesheet. */
const MAIL_COLOURS = {
  /** --color-ivory: the page around the message, and the wordmark's ground. */
  page: "#faf7f2",
  /** --color-white: the message's sheet. */
  sheet: "#ffffff",
  /** --color-cream: code panels and image wells. */
  muted: "#f3ede4",
  /** --color-sand: rules. */
  line: "#e6dccd",
  /** --color-ink: headings, buttons. */
  strong: "#1d1a17",
  /** --color-ink-soft: body text. */
  body: "#3a342e",
  /** --color-stone: labels and the signature. */
  quiet: "#6f665d",
  /** --color-gold: the quote rule. */
  accent: "#b08d57",
  /** --color-gold-deep: links in text. */
  accentStrong: "#765a31",
} as const;

/** Web-safe stacks after the storefront's own faces (Jost, Cormorant Garamond), which mail clients do not load. */
const FONT_SANS = "'Helvetica Neue',Helvetica,Arial,sans-serif";
const FONT_SERIF = "Georgia,'Times New Roman',Times,serif";

/** The wordmark: the storefront header's name and city drawn at 2× as a PNG (mail clients do not show SVG), at a stable path. */
export const MAIL_LOGO = { path: "/images/mail/logo.png", width: 280, height: 64 } as const;
/** Product thumbnails keep the catalogue artwork's 4:5. */
const THUMB = { width: 64, height: 80 } as const;

const TEXT = `margin:0 0 16px;font-family:${FONT_SANS};font-size:16px;line-height:1.55;color:${MAIL_COLOURS.body}`;
const SMALL = `font-family:${FONT_SANS};font-size:14px;line-height:1.55;color:${MAIL_COLOURS.quiet}`;
/** Long addresses, codes and URLs wrap instead of widening the column. */
const WRAP = "overflow-wrap:anywhere;word-break:break-word";
const TABLE = `role="presentation" cellpadding="0" cellspacing="0" border="0"`;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/** An order or return code, or a SKU (`MN-7K3Q-X9PD`, `MN-ABY-1-M`): capitals and digits joined by hyphens. */
const CODE_TOKEN = /\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g;
/** Text as HTML: escaped, each code kept on one line (a browser may break a line after any hyphen). */
const escapeText = (value: string) => escapeHtml(value).replace(CODE_TOKEN, (code) => `<span style="white-space:nowrap">${code}</span>`);

/** A path on the shop (`/images/…`) as the absolute URL a mail client fetches; an absolute URL stays as it is. */
const shopAddress = (shopUrl: string, path: string) => new URL(path, shopUrl).href;

const signature = [SHOP.name, SHOP.tagline, SHOP_ADDRESS_ONE_LINE, `${SHOP.phone} · ${SHOP.email}`];

/** The plain-text part: the greeting, the lines, the signature. */
export function textLayout(name: string, lines: string[]) {
  return [`Hello ${name},`, "", ...lines, "", "--", ...signature, ""].join("\n");
}

/** The HTML part: the wordmark linked to the shop, the greeting, `body` (HTML from the blocks below), the signature. */
export function htmlLayout(mail: { shopUrl: string; title: string; name: string; body: string }) {
  const logo =
    `<a href="${escapeHtml(shopAddress(mail.shopUrl, "/"))}" style="text-decoration:none">` +
    `<img src="${escapeHtml(shopAddress(mail.shopUrl, MAIL_LOGO.path))}" width="${MAIL_LOGO.width}" height="${MAIL_LOGO.height}" alt="${escapeHtml(SHOP.name)}" ` +
    `style="display:block;width:${MAIL_LOGO.width}px;max-width:100%;height:auto;border:0;margin:0 auto;font-family:${FONT_SERIF};font-size:24px;letter-spacing:4px;color:${MAIL_COLOURS.strong}"></a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(mail.title)}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${MAIL_COLOURS.page};-webkit-text-size-adjust:100%">
<table ${TABLE} width="100%" style="width:100%;background-color:${MAIL_COLOURS.page}">
<tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table ${TABLE} width="600"><tr><td><![endif]-->
<table ${TABLE} width="100%" style="width:100%;max-width:600px">
<tr><td align="center" style="padding:16px 16px 24px">${logo}</td></tr>
<tr><td style="background-color:${MAIL_COLOURS.sheet};border-top:2px solid ${MAIL_COLOURS.accent};padding:32px 24px 16px;font-family:${FONT_SANS};font-size:16px;line-height:1.55;color:${MAIL_COLOURS.body};${WRAP}">
<p style="${TEXT}">Hello ${escapeHtml(mail.name)},</p>
${mail.body}
</td></tr>
<tr><td style="padding:24px;${SMALL};${WRAP}">${signature.map(escapeHtml).join("<br>")}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}

export const paragraph = (line: string, style = "") => `<p style="${TEXT};${style}">${escapeText(line)}</p>`;

export const paragraphs = (lines: string[]) => lines.map((line) => paragraph(line)).join("");

/** Small print, such as the way to unsubscribe: `linked` is a link inside it. */
export const smallPrint = (line: string, linked?: { href: string; label: string }) =>
  `<p style="margin:24px 0 16px;${SMALL}">${escapeText(line)}${
    linked ? ` <a href="${escapeHtml(linked.href)}" style="color:${MAIL_COLOURS.quiet}">${escapeHtml(linked.label)}</a>` : ""
  }</p>`;

/** A code to type or copy (one-time codes, promo codes), large and spaced. */
export const codePanel = (code: string) =>
  `<p style="margin:24px 0;padding:16px;background-color:${MAIL_COLOURS.muted};text-align:center;font-family:${FONT_SERIF};font-size:28px;line-height:1.2;letter-spacing:6px;font-weight:bold;color:${MAIL_COLOURS.strong};${WRAP}">${escapeHtml(code)}</p>`;

/** A quoted message (the contact form's), its line breaks kept. */
export const quote = (text: string) =>
  `<p style="${TEXT};white-space:pre-wrap;border-left:2px solid ${MAIL_COLOURS.accent};padding-left:16px">${escapeHtml(text)}</p>`;

/** A button-like link, drawn by a table cell so that Outlook keeps its colour and padding. */
export const button = (href: string, label: string) =>
  `<table ${TABLE} style="margin:24px 0"><tr><td style="background-color:${MAIL_COLOURS.strong}">` +
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 24px;font-family:${FONT_SANS};font-size:14px;line-height:1.3;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:${MAIL_COLOURS.page};text-decoration:none">${escapeHtml(label)}</a>` +
  "</td></tr></table>";

/** Label and value rows (the contact form's sender, an order's totals): labels as wide as the longest, values wrap. */
export const detailTable = (rows: [string, string][]) =>
  `<table ${TABLE} width="100%" style="width:100%;border-collapse:collapse;margin:8px 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="baseline" style="width:1%;padding:6px 16px 6px 0;font-family:${FONT_SANS};font-size:14px;line-height:1.55;font-weight:normal;color:${MAIL_COLOURS.quiet};white-space:nowrap;vertical-align:baseline">${escapeHtml(label)}</th>` +
        `<td valign="baseline" style="padding:6px 0;vertical-align:baseline;font-family:${FONT_SANS};font-size:16px;line-height:1.55;color:${MAIL_COLOURS.body};${WRAP}">${escapeText(value)}</td></tr>`,
    )
    .join("")}</table>`;

/** One item of an order or a return as its e-mail lists it: the line the text part shows, and its product's picture. */
export interface MailItem {
  line: string;
  /** The product's name: the thumbnail's alt text. */
  name: string;
  /** The product's image (a path on the shop or an absolute URL); null when it has none. */
  image: string | null;
}

/** The items, each beside its product's thumbnail (absolute URL, fixed size, the product's name as alt text). */
export const itemTable = (shopUrl: string, items: MailItem[]) =>
  `<table ${TABLE} width="100%" style="width:100%;border-collapse:collapse;margin:8px 0 24px">${items
    .map((item) => {
      const thumb = item.image
        ? `<img src="${escapeHtml(shopAddress(shopUrl, item.image))}" width="${THUMB.width}" height="${THUMB.height}" alt="${escapeHtml(item.name)}" style="display:block;width:${THUMB.width}px;height:${THUMB.height}px;border:0;background-color:${MAIL_COLOURS.muted};font-family:${FONT_SANS};font-size:14px;color:${MAIL_COLOURS.quiet}">`
        : "";
      const rule = `border-top:1px solid ${MAIL_COLOURS.line}`;
      return (
        `<tr><td width="${THUMB.width}" valign="top" style="${rule};padding:12px 0;width:${THUMB.width}px">${thumb}</td>` +
        `<td valign="middle" style="${rule};padding:12px 0 12px 16px;font-family:${FONT_SANS};font-size:16px;line-height:1.55;color:${MAIL_COLOURS.body};${WRAP}">${escapeText(item.line)}</td></tr>`
      );
    })
    .join("")}</table>`;
