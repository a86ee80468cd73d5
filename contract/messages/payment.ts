export const payment = {
  failed: "Payment processing failed",
  failedToastPrefix: "Payment Failed: ",
  orderPlaced: "Order placed successfully! Thank you for your purchase.",
  processed: "Payment processed successfully!",
  cardholderRequired: "Cardholder name is required",
  cardNumberRequired: "Card number is required",
  expiryRequired: "Expiry date is required",
  cvvRequired: "CVV is required",
  /** Server-side card and payment refusals no screen words itself. */
  cardNumberInvalid: "Please enter a valid card number",
  expiryInvalid: "Expiry date must be in MM/YY format",
  cardExpired: "This card has expired",
  cvvInvalid: "CVV must be 3 or 4 digits",
  cardDeclined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  inProgress: "This payment is still being processed. Please wait a moment and check your orders.",
  keyReused: "This payment was already submitted with other details. Please reload the checkout page and pay again.",
  /** A payment whose outcome the storefront could not learn at once (the call failed or timed out). */
  checkingTitle: "We are checking your payment",
  checkingBody:
    "Your payment is taking longer than usual to confirm. We are checking it with the payment provider; you will not be charged twice. This page checks again by itself.",
  checkAgain: "Check again",
  backToCheckout: "Back to Checkout",
  notCompleted: "Your payment could not be completed and you have not been charged. Please try again.",
  /** An order placed whose payment the provider holds while the shop confirms it (the recovery pass finishes it). */
  confirmingNote:
    "Your payment is held by our payment provider and we are confirming your order. You will receive an e-mail confirmation within a few minutes, and you will not be charged twice.",
  attemptNotFound: "No payment with this key",
  keyRequired: "A payment key is required; please reload the page and try again.",
  addressNotFound: "Please select one of your saved addresses.",
  productUnavailable: (name: string) => `${name} is no longer available`,
  /** The last unit went to another shopper first (a limited release): nothing was charged. */
  soldOut: (item: string) => `Sorry, ${item} has just sold out. You have not been charged.`,
  variantUnavailable: "Selected variant not found",
  fitUnavailable: (fit: string) => `The fit "${fit}" is not offered for this product`,
  shippingMethodInvalid: "Please choose the Regular shipment method",
  /** Hosted checkout (Stripe). */
  unavailableTab: "Unavailable",
  methodUnavailable: (method: string) => `${method} is not available at the moment. Please choose another payment method.`,
  payOnProviderPage: "Card details are taken on our payment provider's secure page. Please reload the checkout and pay again.",
  checkoutNotFound: "No checkout with this reference",
  webhookSignatureInvalid: "Invalid webhook signature",
  returnUrlOffShop: "The payment provider may send the shopper back to this shop's own pages only",
  redirectNotice: (method: string) =>
    `You will pay with ${method} on Stripe's secure payment page, then return here to your order confirmation. Your card details go to Stripe, never to us.`,
  sameAsBillingLabel: "Billing address same as shipping address",
  billingIsShipping: "We bill every order to its shipping address: a separate billing address cannot be given.",
  cardOnProvider:
    "You will enter your card on Stripe's secure payment page, then return here to your order confirmation. Your card details go to Stripe, never to us.",
  notPaidTitle: "Your payment was not completed",
  returnToPayment: "Return to Payment",
  notPaidBody: "Nothing has been charged. Your items are held for a short while: return to the checkout to pay again.",
  checkoutClosed: "This checkout has closed and nothing was charged. Your items have been returned to stock.",
  /** A hosted order the shopper left unpaid (Back on the provider's page, or MY ORDERS): pay for it, or cancel it. */
  heldTitle: "Your items are held for you",
  heldBody: (until: string) =>
    `Nothing has been charged. Your order is held until ${until}: pay now to complete it, or cancel it to return the items to stock.`,
  awaitingPayment: (until: string) => `Awaiting payment, items held until ${until}`,
  /** The cart of a shopper whose hosted order waits for payment: its held units may show as gone there. */
  waitingInCart: (code: string, until: string) =>
    `Your order ${code} is waiting for payment and holds its items for you until ${until}. Pay now to complete it, or cancel it to return its items to stock.`,
  payNow: "Pay now",
  backToCart: "Back to Cart",
  cancelOrder: "Cancel this order",
  orderCancelled: "Your order has been cancelled and nothing was charged. Your items are back in stock.",
  orderNotPayable: "This order can no longer be paid. Nothing was charged and its items have been returned to stock.",
  orderNotCancellable: "This order is no longer awaiting payment, so it cannot be cancelled here.",
  checkoutFetched: "Checkout fetched successfully",
} as const;
