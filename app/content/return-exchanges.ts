import { RETURN_TERMS } from "#contract/delivery.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock, StepCopy } from "./types.ts";

export const RETURNS_PAGE: PageCopy = {
  title: "Return & Exchanges",
  eyebrow: "Customer Care",
  intro: "If a piece is not quite right, returning or exchanging it should be effortless.",
  description: `Returns and exchanges at ${SHOP.name}: return ${RETURN_TERMS.window} from MY ORDERS, refunds and exchanges explained.`,
};

export const RETURNS_PROMISE: ProseBlock = {
  id: "our-promise",
  heading: "Our Promise",
  paragraphs: [
    `We want you to love every piece you choose. If something does not fit or is not what you hoped for, you may return it ${RETURN_TERMS.window} for a refund or an exchange for another size or colour.`,
  ],
};

export const RETURN_STEPS: readonly StepCopy[] = [
  {
    title: "Register your return",
    text: `Sign in, open the order in MY ORDERS and choose ${MSG.returns.start}: pick the items, a refund or another size or colour for each, and the reason.`,
  },
  {
    title: "Pack your items",
    text: "Fold the pieces in their original packaging with all tags attached.",
  },
  {
    title: "Send them back",
    text: "Print the return label we e-mail you as soon as your return is registered (it is in MY ORDERS too), attach it to the parcel and post it to us with the carrier of your choice; a tracked service keeps proof of posting.",
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
      `registered ${RETURN_TERMS.window}, from MY ORDERS`,
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
    paragraphs: ["For hygiene and fairness, the following cannot be returned or exchanged:"],
    points: ["items marked as final sale: the return form says so before you choose"],
  },
  {
    id: "exchanges",
    heading: "Exchanges",
    paragraphs: [
      "Need a different size or colour? Choose an exchange on the return form: we set the new piece aside from stock as soon as your return is registered and send it once your return reaches us. Exchanges are for another size or colour of the same piece at the same price or less; if the new one costs less, we refund the difference. For a piece that costs more, return yours for a refund and order the new one.",
    ],
  },
  {
    id: "contact",
    heading: "Contact Us",
    paragraphs: [`Our customer care team is here to help at ${SHOP.email} or on ${SHOP.phone}.`],
  },
];
