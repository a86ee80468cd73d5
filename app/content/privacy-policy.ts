import { COOKIE_LIFETIME_DAYS } from "#app/lib/constants.ts";
import { OTP_POLICY } from "#contract/constants.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import type { PageCopy, ProseBlock } from "./types.ts";

export const PRIVACY_PAGE: PageCopy = {
  title: "Privacy Policy",
  eyebrow: "Your Data",
  intro: `What ${SHOP.legalName} keeps about you, why, for how long, and how to see or delete it.`,
  description: `Privacy policy of ${SHOP.name}: the data kept for your account, addresses, orders and newsletter, the cookies the shop sets, how long each is kept and how to ask for a copy or deletion.`,
};

export const PRIVACY_POLICY: readonly ProseBlock[] = [
  {
    id: "who-we-are",
    heading: "Who We Are",
    paragraphs: [
      `${SHOP.legalName}, ${SHOP_ADDRESS_ONE_LINE}, is the controller of the personal data this website collects. Write to ${SHOP.email} about anything on this page.`,
    ],
  },
  {
    id: "what-we-keep",
    heading: "What We Keep and Why",
    paragraphs: ["We keep only what running the shop for you needs:"],
    points: [
      "Your account: your name, e-mail address and a one-way hash of your password (never the password itself), so that you can sign in. Codes we e-mail you to verify your address or reset your password expire after " +
        `${OTP_POLICY.ttlMs / 60_000} minutes.`,
      "Your addresses: the delivery addresses and phone numbers you save, so that checkout can use them.",
      "Your orders: the items, prices, delivery address, payment method and the last four digits of a card, with the payment provider's reference. Your full card number is never stored by us. We need these to deliver, refund and answer questions about an order, and the law requires us to keep sales records.",
      "Your wishlist, recently viewed pieces and reviews, which you add yourself and can remove.",
      "Messages you send through the contact form, so that we can reply.",
      "The newsletter: your e-mail address and the date you subscribed, if you choose to subscribe.",
    ],
  },
  {
    id: "cookies",
    heading: "Cookies",
    paragraphs: ["The shop sets four cookies, all needed for it to work, none for advertising or tracking, and none from another company:"],
    points: [
      `Session: whether you are signed in, and messages for the next page. It lasts ${COOKIE_LIFETIME_DAYS.session} days, or until you sign out.`,
      `Cart: the pieces in your shopping cart, so that it survives closing the browser. It lasts ${COOKIE_LIFETIME_DAYS.cart} days.`,
      `Currency: the currency you chose to see prices in. It lasts ${COOKIE_LIFETIME_DAYS.currency} days.`,
      `Device: that this browser has signed in to your account before, so that it can still sign in while someone else guesses at your password. It lasts ${COOKIE_LIFETIME_DAYS.device} days.`,
    ],
  },
  {
    id: "how-long",
    heading: "How Long We Keep It",
    paragraphs: [
      "Your account, addresses, wishlist and reviews stay until you ask us to delete them. Orders are kept for six years after the end of the financial year they were placed in, as UK tax law requires for sales records; after your account is deleted they are kept for that purpose only.",
      "When you unsubscribe from the newsletter we stop writing to you at once and keep your address marked as unsubscribed, so that it is never mailed again by mistake; ask us and we delete it entirely.",
    ],
  },
  {
    id: "sharing",
    heading: "Who Sees It",
    paragraphs: [
      "Our own team, to prepare and send your orders and answer you; the carrier that delivers your parcel (your name, address and phone number); our payment provider, to take your payment; and our e-mail provider, to send the messages you ask for or that your orders need. We never sell your data.",
    ],
  },
  {
    id: "your-rights",
    heading: "A Copy, a Correction or Deletion",
    paragraphs: [
      `You may ask for a copy of everything we keep about you, for a correction, or for your data to be deleted: write to ${SHOP.email} from the address of your account. We answer within one month, as UK data protection law requires.`,
      "If you are unhappy with our answer you may complain to the Information Commissioner's Office (ico.org.uk).",
    ],
  },
];
