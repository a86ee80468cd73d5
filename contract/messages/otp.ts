export const otp = {
  verifyFailed: "OTP verification failed",
  resendFailed: "Failed to resend OTP",
  invalid: "Invalid OTP. Please try again.",
  verificationFailed: "Verification failed. Please try again.",
  resendVerificationFailed: "Failed to resend verification code. Please try again.",
  emailVerifiedRedirecting: "Email verified successfully! Redirecting to login...",
  verificationResent: "Verification code resent successfully! Please check your email.",
  sent: "OTP sent successfully",
  emailVerifiedToast: "Email verified successfully!",
  required: "OTP is required",
  sixDigits: "OTP must be 6 digits",
} as const;
