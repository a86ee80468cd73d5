import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import type { PageCopy } from "./types.ts";

export const CONTACT_PAGE: PageCopy = {
  title: "Contact Us",
  eyebrow: "Client Care",
  intro: "A question about a piece, a fitting or an order? Our team is delighted to help, online or at our London flagship.",
  description: `Contact ${SHOP.name}: call ${SHOP.phone}, e-mail ${SHOP.email}, visit our flagship at ${SHOP_ADDRESS_ONE_LINE}, or send us a message at any hour.`,
};

/** The shop's claim of 24/7 availability: messages are taken at any hour and answered in support hours. */
export const CONTACT_AVAILABILITY = {
  title: "Here for you 24/7",
  text: `Write to us any time, day or night: your message reaches us at any hour, and client care, open Monday to Saturday, replies ${SHOP.replyTime}.`,
} as const;

export const CONTACT_DETAILS_COPY = {
  title: "Get in Touch",
  social: "Follow the house",
} as const;

export const CONTACT_FORM_COPY = {
  eyebrow: "Write to us",
  title: "Send Us a Message",
  text: "Fields marked * are required. For a return or an exchange, add your order number so we can help at once.",
  submit: "Send Message",
} as const;

export const CONTACT_MAP_COPY = {
  eyebrow: "The flagship",
  title: "Visit Our Showroom",
  text: "Try the collection on, meet our stylists and have your pieces fitted in person.",
  openInMaps: "Open in Maps",
} as const;

/** A plain outbound link: the page itself loads nothing from another host. */
export const MAP_SEARCH_URL = `https://www.openstreetmap.org/search?query=${encodeURIComponent(SHOP_ADDRESS_ONE_LINE)}`;
