import { telHref } from "#app/ui/layout/navigation.ts";
import { DELIVERY_TERMS, RETURN_TERMS } from "#contract/delivery.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { CardCopy, PageCopy } from "./types.ts";

export const SUPPORT_PAGE: PageCopy = {
  title: "Need Support?",
  eyebrow: "Client Care",
  intro: "Our client advisors are here for sizing, styling, orders and returns. Choose the way that suits you.",
  description: `Contact ${SHOP.name} client care by e-mail, phone or message, see our support hours and find answers about orders, delivery, returns, sizing and your account.`,
};

export const SUPPORT_CHANNELS: readonly CardCopy[] = [
  {
    icon: "mail",
    title: "E-mail Us",
    text: `Write to us any time; we reply to every e-mail ${SHOP.replyTime}.`,
    detail: SHOP.email,
    link: { to: `mailto:${SHOP.email}`, label: "Send an e-mail" },
  },
  {
    icon: "phone",
    title: "Call Us",
    text: "Speak to an advisor during our support hours, Monday to Saturday.",
    detail: SHOP.phone,
    link: { to: telHref(SHOP.phone), label: "Call now" },
  },
  {
    icon: "chat",
    title: "Send a Message",
    text: `Ask a stylist about sizing, gifting or an order through our contact form; we reply ${SHOP.replyTime}.`,
    detail: "Contact form",
    link: { to: "/contact", label: "Message us" },
  },
];

export interface HoursTable {
  heading: string;
  rows: readonly { days: string; hours: string }[];
}

export const SUPPORT_HOURS: readonly HoursTable[] = [
  {
    heading: "Phone & E-mail",
    rows: [
      { days: "Monday – Friday", hours: "9:00–18:00 GMT" },
      { days: "Saturday", hours: "10:00–16:00 GMT" },
      { days: "Sunday", hours: "Closed" },
    ],
  },
];

export const SUPPORT_REPLY_NOTE = `E-mails and messages sent outside our support hours are answered ${SHOP.replyTime}.`;

export interface FaqTab {
  slug: string;
  label: string;
  entries: readonly { question: string; answer: string }[];
}

export const FAQ_TABS = [
  {
    slug: "general",
    label: "General Questions",
    entries: [
      {
        question: `Where is ${SHOP.name} based?`,
        answer: `We are a London house with a flagship showroom at ${SHOP.address.line1}, ${SHOP.address.city} ${SHOP.address.postalCode}. Our collections are designed and finished in our own atelier.`,
      },
      {
        question: "Do you design for children as well as women?",
        answer:
          "Yes. Alongside womenswear and abayas, our children's line covers babies through to 15 years, with many styles that match our women's pieces.",
      },
      {
        question: "How often do you release new pieces?",
        answer:
          "New arrivals land every month. Subscribe to our newsletter to hear of them first; while we run a first-purchase offer, your welcome e-mail carries its code.",
      },
    ],
  },
  {
    slug: "orders-shipping",
    label: "Orders & Shipping",
    entries: [
      {
        question: "How much does delivery cost?",
        answer: DELIVERY_TERMS.costAnswer,
      },
      {
        question: "When will my order be dispatched?",
        answer: DELIVERY_TERMS.dispatchAnswer,
      },
      {
        question: "How can I track my order?",
        answer:
          "Open My Orders in your profile to see each order's status. We also e-mail you the carrier and tracking number as soon as your parcel leaves our atelier.",
      },
    ],
  },
  {
    slug: "returns-exchanges",
    label: "Returns & Exchanges",
    entries: [
      {
        question: "What is your return policy?",
        answer: `You may return or exchange unworn items with their tags ${RETURN_TERMS.window}: open the order in MY ORDERS and choose ${MSG.returns.start}. Final-sale items cannot be returned.`,
      },
      {
        question: "How long do refunds take?",
        answer: RETURN_TERMS.processing,
      },
      {
        question: "Is return shipping free?",
        answer: RETURN_TERMS.label,
      },
    ],
  },
  {
    slug: "sizing-fit",
    label: "Sizing & Fit",
    entries: [
      {
        question: "How do I find my size?",
        answer:
          "Compare your bust, waist and hip measurements with the size table in our Getting Started guide; each product page also shows its fit.",
      },
      {
        question: "What if I am between sizes?",
        answer: "Choose the larger size for a softer, more modest drape, or ask our stylists, who know every piece in the collection.",
      },
      {
        question: "Do you offer alterations?",
        answer:
          "Hem and sleeve adjustments can be arranged at our flagship store. Contact us before your visit and we will book a fitting.",
      },
    ],
  },
  {
    slug: "account-profile",
    label: "Account & Profile",
    entries: [
      {
        question: "Do I need an account to order?",
        answer:
          "You can browse and fill your cart as a guest. An account, verified by a six-digit e-mail code, is needed to check out, keep a wishlist and follow your orders.",
      },
      {
        question: "I forgot my password. What should I do?",
        answer: "Choose Forgot Password on the sign-in page. We e-mail you a six-digit code to set a new password.",
      },
      {
        question: "How do I update my saved addresses?",
        answer: "Open Account Details in your profile to add, edit or remove addresses and choose your default.",
      },
    ],
  },
] as const satisfies readonly FaqTab[];

export type FaqTabSlug = (typeof FAQ_TABS)[number]["slug"];

/** The search parameter that selects an FAQ tab, so the tabs work as plain links without JavaScript. */
export const FAQ_PARAM = "faq";

/** The selected FAQ tab for a `?faq=` value: a known slug, else General Questions. */
export function parseFaqTab(value: string | null | undefined): (typeof FAQ_TABS)[number] {
  return FAQ_TABS.find((tab) => tab.slug === value) ?? FAQ_TABS[0];
}
