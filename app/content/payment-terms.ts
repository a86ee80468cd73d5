import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock } from "./types.ts";

export const PAYMENT_TERMS_PAGE: PageCopy = {
  title: "Payment Terms",
  eyebrow: "Customer Care",
  intro: "How we take payment, keep it secure and return it to you when needed.",
  description: `Payment terms at ${SHOP.name}: secure checkout, accepted payment methods, when you are charged, currencies, refunds and how we protect your data.`,
};

export const PAYMENT_TERMS: readonly ProseBlock[] = [
  {
    id: "security",
    heading: "Payment Security",
    paragraphs: [
      "Every payment is made over an encrypted connection and processed by our certified payment partners. Your full card number never touches our servers and is never stored by us.",
      "Our checkout follows the Payment Card Industry Data Security Standard (PCI DSS), and your bank may ask you to confirm a payment through its own secure verification.",
    ],
  },
  {
    id: "accepted-methods",
    heading: "Accepted Payment Methods",
    paragraphs: ["You can pay in whichever way suits you best:"],
    points: [
      "Credit and debit cards: Visa, Mastercard, American Express and Maestro",
      "PayPal",
      "Bank transfer, for orders over £200 (we send our account details by e-mail and dispatch once the transfer has cleared)",
    ],
  },
  {
    id: "process",
    heading: "Payment Process",
    paragraphs: [
      "At checkout you confirm your delivery address and shipping, then choose your payment method. Your cart is re-priced at that moment so you always pay the current price, including any promo code you have applied.",
      "Once the payment is authorised you see your order confirmation straight away and receive it by e-mail.",
    ],
  },
  {
    id: "timing",
    heading: "Payment Timing",
    paragraphs: [
      "Card and PayPal payments are taken in full when you place your order. Orders paid by bank transfer are held for up to five business days while we wait for the funds to arrive, and are prepared for dispatch as soon as they clear.",
    ],
  },
  {
    id: "currency",
    heading: "Currency",
    paragraphs: [
      "All prices are held and charged in British pounds (GBP). You may choose to display prices in another currency; those amounts are converted at recent exchange rates and are indicative only.",
      "Your bank or card issuer may apply its own exchange rate or fees when you pay from an account in another currency.",
    ],
  },
  {
    id: "refunds",
    heading: "Refunds",
    paragraphs: [
      "Approved refunds are returned to the original payment method. Please allow 5-10 business days for the amount to appear on your statement, depending on your bank.",
      "Orders paid by bank transfer are refunded to the account they were paid from.",
    ],
  },
  {
    id: "data-protection",
    heading: "Data Protection",
    paragraphs: [
      "We use your payment and contact details only to process your order, in line with UK data protection law (UK GDPR). We never sell your data, and you can ask us what we hold about you at any time.",
      `Questions about a payment? Write to ${SHOP.supportEmail} or call ${SHOP.phone}.`,
    ],
  },
];
