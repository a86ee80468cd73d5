import { SHOP } from "#contract/shop.ts";

const unsubscribedTitle = "You have been unsubscribed";
const unsubscribedHint = "You will receive no more newsletters from us.";

export const subscribe = {
  failed: "Failed to subscribe",
  failedLater: "Failed to subscribe. Please try again later.",
  emailRequired: "Please enter your email address",
  invalidEmail: "Please enter a valid email address",
  subscribed: "Thank you for subscribing! Your welcome e-mail is on its way.",
  alreadySubscribed: "You're already subscribed. Thank you for being part of our community!",
  unsubscribeTitle: "Unsubscribe from our newsletter",
  unsubscribeQuestion: `Stop receiving the ${SHOP.name} newsletter at this address?`,
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle,
  unsubscribedHint,
  unsubscribed: `${unsubscribedTitle}. ${unsubscribedHint}`,
  unsubscribeLinkInvalid: "This unsubscribe link is not complete. Please use the link from your e-mail.",
  unsubscribeLinkUnknown: "This unsubscribe link is not known. It may come from an older e-mail: please use the link from your latest one.",
  unsubscribeFailed: "We could not unsubscribe you just now. Please try again later.",
} as const;
