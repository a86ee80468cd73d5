export const promo = {
  invalid: "Invalid promo code",
  validateFailed: "Failed to validate promo code",
  emptyCart: "Your cart is empty: add a piece to it before applying a promo code.",
  required: "Please enter a promo code",
  applied: (saved: string) => `Promo code applied! You saved £${saved}`,
  /** Refusals no screen words itself; unknown, inactive and expired codes all answer `invalid`. */
  minimumBasket: (minimum: string) => `This promo code needs a basket of at least £${minimum}`,
  usageLimitReached: "This promo code has reached its usage limit",
  alreadyUsed: "You have already used this promo code",
  firstPurchaseOnly: "This promo code is only valid on your first order",
  offersFetched: "Offers fetched successfully",
} as const;
