import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock } from "./types.ts";

export const TERMS_PAGE: PageCopy = {
  title: "Terms of Services",
  eyebrow: "The Small Print",
  intro: `The terms on which ${SHOP.legalName} offers this website and sells to you.`,
  description: `Terms of services of ${SHOP.name}: use of the website, accounts, orders and payment, intellectual property, liability and changes to these terms.`,
};

export const TERMS_OF_SERVICES: readonly ProseBlock[] = [
  {
    id: "agreement",
    heading: "Agreement to Terms",
    paragraphs: [
      `These terms apply to your use of the ${SHOP.name} website and to every order you place with ${SHOP.legalName}. By browsing the site or placing an order you agree to them; if you do not agree, please do not use the site.`,
    ],
  },
  {
    id: "use-of-service",
    heading: "Use of Service",
    paragraphs: ["You may use this website for personal, non-commercial shopping. You agree not to:"],
    points: [
      "use the site for any unlawful purpose or to send unsolicited communications",
      "attempt to interfere with its security, or access accounts or data that are not yours",
      "copy, scrape or resell our content or products without our written permission",
    ],
  },
  {
    id: "accounts",
    heading: "Accounts",
    paragraphs: [
      "You are responsible for keeping your account details accurate and your password confidential, and for activity under your account. Please tell us straight away if you suspect unauthorised use.",
      "We may suspend an account that is used in breach of these terms.",
    ],
  },
  {
    id: "orders-and-payment",
    heading: "Orders and Payment",
    paragraphs: [
      "Your order is an offer to buy. A contract is formed when we confirm your order by e-mail. We may decline an order, for example when an item is out of stock or a price was shown in error, and will refund you in full if so.",
      "Prices are charged in British pounds and include VAT where applicable. Delivery charges are shown before you pay. See our Payment Terms for the methods we accept.",
    ],
  },
  {
    id: "intellectual-property",
    heading: "Intellectual Property",
    paragraphs: [
      `All designs, photographs, text, logos and other content on this site belong to ${SHOP.legalName} or our licensors and are protected by copyright and trade mark law. You may not reproduce them without our written permission.`,
    ],
  },
  {
    id: "limitation-of-liability",
    heading: "Limitation of Liability",
    paragraphs: [
      "We take care to keep the site accurate and available, but we do not guarantee that it will be uninterrupted or free of errors. To the extent the law allows, we are not liable for indirect or consequential loss, and our liability for any order is limited to the price you paid for it.",
      "Nothing in these terms limits your statutory rights as a consumer or our liability where it cannot be limited by law.",
    ],
  },
  {
    id: "changes-to-terms",
    heading: "Changes to Terms",
    paragraphs: [
      "We may update these terms from time to time. For material changes we give at least 30 days notice on this page before they take effect. The terms in force when you place an order apply to that order.",
    ],
  },
  {
    id: "contact",
    heading: "Contact Information",
    paragraphs: [
      `Questions about these terms are welcome. E-mail us at ${SHOP.email} or call ${SHOP.phone}. Our registered address is ${SHOP.address.line1}, ${SHOP.address.city} ${SHOP.address.postalCode}.`,
    ],
  },
];
