export const subscribe = {
  failedLater: "Failed to subscribe. Please try again later.",
  emailRequired: "Please enter your email address",
  invalidEmail: "Please enter a valid email address",
  subscribed: "Thank you for subscribing! Look out for our next newsletter.",
  alreadySubscribed: "You're already subscribed. Thank you for being part of our community!",
} as const;
