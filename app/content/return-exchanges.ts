import { RETURN_TERMS } from "#contract/delivery.ts";
import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock, StepCopy } from "./types.ts";

export const RETURNS_PAGE: PageCopy = {
  title: "Return & Exchanges",
  eyebrow: "Customer Care",
  intro: "If a piece is not quite right, returning or exchanging it should be effortless.",
  description: `Returns and exchanges at ${SHOP.name}: return ${RETURN_TERMS.window} with a free prepaid label, refunds and exchanges explained.`,
};

export const RETURNS_PROMISE: ProseBlock = {
  id: "our-promise",
  heading: "Our Promise",
  paragraphs: [
    `We want you to love every piece you choose. If something does not fit or is not what you hoped for, you may return it ${RETURN_TERMS.window} for a refund or an exchange, with no questions asked.`,
  ],
};

export const RETURN_STEPS: readonly StepCopy[] = [
  {
    title: "Contact us",
    text: "Tell us your order number and the items you are returning through our contact form or by e-mail.",
  },
  {
    title: "Pack your items",
    text: "Fold the pieces in their original packaging with all tags attached and the return slip inside.",
  },
  {
    title: "Send them back",
    text: "Attach the prepaid label we e-mail you and hand the parcel to the carrier.",
  },
  {
    title: "Receive your refund",
    text: "Once we have inspected your return we refund you or send your exchange, and confirm by e-mail.",
  },
];

export const RETURN_POLICY: readonly ProseBlock[] = [
  {
    id: "conditions",
    heading: "Return Conditions",
    paragraphs: ["To be accepted, returned items must be:"],
    points: [
      `sent back ${RETURN_TERMS.window}`,
      "unworn, unwashed and unaltered, free of make-up, perfume and marks",
      "in their original packaging with all tags attached",
    ],
  },
  {
    id: "processing-time",
    heading: "Processing Time",
    paragraphs: [RETURN_TERMS.processing],
  },
  {
    id: "return-shipping",
    heading: "Return Shipping",
    paragraphs: [RETURN_TERMS.label],
  },
  {
    id: "non-returnable",
    heading: "Non-Returnable Items",
    paragraphs: ["For hygiene and fairness, the following cannot be returned or exchanged unless faulty:"],
    points: ["sale items", "personalized or made-to-measure pieces", "items marked as final sale"],
  },
  {
    id: "exchanges",
    heading: "Exchanges",
    paragraphs: [
      "Need a different size or colour? Mention it when you contact us and we will reserve the replacement while your return travels back. If the new piece is priced differently, we refund or charge the difference.",
    ],
  },
  {
    id: "contact",
    heading: "Contact Us",
    paragraphs: [`Our customer care team is here to help at ${SHOP.email} or on ${SHOP.phone}.`],
  },
];
