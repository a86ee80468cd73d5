import { SHIPPING_METHOD } from "./constants.ts";

/**
 * What the shop says about delivery, derived from the one shipping method it charges, so the product page,
 * the information pages and the checkout never disagree with the amount taken at payment.
 */
const price = `£${(SHIPPING_METHOD.pricePence / 100).toFixed(2)}`;
const timing = "Orders are prepared within 1-2 business days and arrive 3-5 business days after dispatch.";

export const DELIVERY_TERMS = {
  price,
  /** The top bar's rotating delivery message, in its capitals. */
  topBar: `FLAT ${price} DELIVERY ON EVERY UK ORDER`,
  /** One line under the method at checkout. */
  summary: `A flat ${price} on every UK order. ${timing}`,
  /** The product page's Delivery & Returns text when a product has none of its own. */
  productText: `We deliver to UK addresses by ${SHIPPING_METHOD.title} for a flat ${price} per order, added at checkout. ${timing} Returns are accepted within 30 days of delivery.`,
  /** The support FAQ's answer to "How much does delivery cost?". */
  costAnswer: `Every UK order is sent by ${SHIPPING_METHOD.title} for a flat ${price}, added at checkout whatever the size of your order. It arrives 3-5 business days after dispatch.`,
  dispatchAnswer: `${timing} We deliver to addresses in the UK.`,
} as const;
