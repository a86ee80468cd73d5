export const loading = {
  default: "Loading...",
  loggingIn: "Logging in...",
  creatingAccount: "Creating account...",
  verifyingEmail: "Verifying email...",
  resettingPassword: "Resetting password...",
  products: "Loading products...",
  processingPayment: "Processing payment...",
  updatingCart: "Updating cart...",
  updatingWishlist: "Updating wishlist...",
} as const;
