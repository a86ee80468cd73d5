import { DELIVERY_COUNTRY, RETURN_POLICY_TERMS, SHIPPING_METHOD } from "./constants.ts";

/**
 * What the shop says about delivery, derived from the one shipping method it charges, so the product page,
 * the information pages and the checkout never disagree with the amount taken at payment.
 */
const price = `£${(SHIPPING_METHOD.pricePence / 100).toFixed(2)}`;
const timing = "Orders are prepared within 1-2 business days and arrive 3-5 business days after dispatch.";

export const DELIVERY_TERMS = {
  price,
  /** The phrase page descriptions and cards use where they name delivery in passing. */
  phrase: `flat ${price} UK delivery`,
  /** The top bar's rotating delivery message, in its capitals. */
  topBar: `FLAT ${price} DELIVERY ON EVERY UK ORDER`,
  /** One line under the method at checkout. */
  summary: `A flat ${price} on every UK order. ${timing}`,
  /** The product page's Delivery & Returns text when a product has none of its own. */
  productText: `We deliver to UK addresses by ${SHIPPING_METHOD.title} for a flat ${price} per order, added at checkout. ${timing} Returns are accepted within ${RETURN_POLICY_TERMS.windowDays} days of delivery.`,
  /** The support FAQ's answer to "How much does delivery cost?". */
  costAnswer: `Every UK order is sent by ${SHIPPING_METHOD.title} for a flat ${price}, added at checkout whatever the size of your order. It arrives 3-5 business days after dispatch.`,
  dispatchAnswer: `${timing} We deliver to addresses in ${DELIVERY_COUNTRY}.`,
} as const;

const { windowDays, processingDays, statementDays } = RETURN_POLICY_TERMS;

/** What the shop says about returns, from RETURN_POLICY_TERMS. Returns come from UK addresses, as orders go only there. */
export const RETURN_TERMS = {
  window: `within ${windowDays} days of delivery`,
  processing: `Returns are processed within ${processingDays} business days of reaching us. Once your refund is issued, it shows on your statement within ${statementDays} business days, depending on your bank.`,
  /** The label is the shop's own (decision 0060): no carrier account pays the postage, so no copy may call it prepaid or free. */
  label:
    "As soon as your return is registered we e-mail you a return label to print, with your return code and our returns address (it is in MY ORDERS too). Return postage is yours to pay; for a faulty or wrong item we also refund your order's delivery charge.",
  /** The product page's Return and Exchanges text when a product has none of its own. */
  productText: `Return or exchange unworn items with their tags within ${windowDays} days of delivery, with the return label we e-mail you: start from MY ORDERS. Refunds are processed within ${processingDays} business days of receipt. Final-sale items cannot be returned.`,
} as const;
