export const loading = {
  default: "Loading...",
  authenticating: "Authenticating...",
  loggingIn: "Logging in...",
  creatingAccount: "Creating account...",
  verifyingOtp: "Verifying OTP...",
  verifyingEmail: "Verifying email...",
  resettingPassword: "Resetting password...",
  products: "Loading products...",
  processingPayment: "Processing payment...",
  processingOrder: "Processing order...",
  updatingCart: "Updating cart...",
  updatingWishlist: "Updating wishlist...",
} as const;
