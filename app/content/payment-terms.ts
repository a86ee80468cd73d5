import { takesCardsInShop } from "#contract/checkout.ts";
import { HOSTED_CHECKOUT_MINUTES, RETURN_POLICY_TERMS } from "#contract/constants.ts";
import type { PaymentOptionsDto } from "#contract/dto/order.ts";
import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock } from "./types.ts";

export const PAYMENT_TERMS_PAGE: PageCopy = {
  title: "Payment Terms",
  eyebrow: "Customer Care",
  intro: "How we take payment, keep it secure and return it to you when needed.",
  description: `Payment terms at ${SHOP.name}: secure checkout, accepted payment methods, when you are charged, currencies, refunds and how we protect your data.`,
};

/**
 * The terms as true for the gateway that runs (GET /public/payment-options): with Stripe, card details are typed
 * on Stripe's page and never reach the shop, and PayPal is listed only while Stripe offers it; with the test
 * gateway, the card form is the shop's own and passes the card to the gateway (only its last four digits are kept).
 */
export function paymentTerms(options: PaymentOptionsDto): readonly ProseBlock[] {
  const inShop = takesCardsInShop(options.gateway);
  const paypal = !options.unavailable.includes("paypal");
  return [
    {
      id: "security",
      heading: "Payment Security",
      paragraphs: inShop
        ? [
            "Every payment is made over an encrypted connection. The card details you enter at checkout are passed to our payment provider to authorise the payment and are never stored or logged by us: we keep only the last four digits of the card, to show on your order.",
            "Your bank may ask you to confirm a payment through its own secure verification.",
          ]
        : [
            "Card payments are made on the secure payment page of our payment partner, Stripe, over an encrypted connection. You type your card details on Stripe's page: they go to Stripe directly and never reach our servers. We receive only the outcome of the payment.",
            "Stripe is certified to the Payment Card Industry Data Security Standard (PCI DSS), and your bank may ask you to confirm a payment through its own secure verification.",
          ],
    },
    {
      id: "accepted-methods",
      heading: "Accepted Payment Methods",
      paragraphs: ["You can pay in whichever way suits you best:"],
      points: [
        inShop ? "Credit and debit cards" : "Credit and debit cards: Visa, Mastercard and American Express",
        inShop ? "Apple Pay and Google Pay" : "Apple Pay and Google Pay, on devices that support them",
        ...(paypal ? ["PayPal"] : []),
      ],
    },
    {
      id: "process",
      heading: "Payment Process",
      paragraphs: [
        "At checkout you confirm your delivery address and shipping, then choose your payment method. Your cart is re-priced at that moment so you always pay the current price, including any promo code you have applied.",
        inShop
          ? "Once the payment is authorised you see your order confirmation straight away and receive it by e-mail."
          : `Pay Now takes you to Stripe's payment page for exactly that amount. Once you have paid you come back to your order confirmation. Your items are held for you for ${HOSTED_CHECKOUT_MINUTES} minutes while you pay; an unpaid order is then cancelled and nothing is charged.`,
      ],
    },
    {
      id: "timing",
      heading: "Payment Timing",
      paragraphs: ["Payments are taken in full when you place your order."],
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
        `Approved refunds are returned to the original payment method. Please allow ${RETURN_POLICY_TERMS.statementDays} business days for the amount to appear on your statement, depending on your bank.`,
      ],
    },
    {
      id: "data-protection",
      heading: "Data Protection",
      paragraphs: [
        "We use your payment and contact details only to process your order, in line with UK data protection law (UK GDPR). We never sell your data, and you can ask us what we hold about you at any time.",
        `Questions about a payment? Write to ${SHOP.email} or call ${SHOP.phone}.`,
      ],
    },
  ];
}
