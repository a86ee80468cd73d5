/** The icons of the sprite (`icons.svg`), by name: what page copy may name without importing a component. */
export const ICON_NAMES = [
  "search",
  "bag",
  "heart",
  "user",
  "menu",
  "close",
  "chevronDown",
  "chevronRight",
  "arrowRight",
  "mail",
  "phone",
  "chat",
  "mapPin",
  "clock",
  "fabric",
  "integrity",
  "delivery",
  "securePayment",
  "needle",
  "ruler",
  "sparkle",
  "gift",
  "returnArrow",
  "store",
  "child",
  "share",
  "plus",
  "minus",
  "bagPlus",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The networks of SHOP.social with a mark of their own, drawn in the same line style; any other gets a plain circle. */
export const SOCIAL_NETWORKS = ["Instagram", "Facebook", "TikTok", "Pinterest", "YouTube", "X"] as const;

export const socialSymbolId = (network: string) =>
  SOCIAL_NETWORKS.some((known) => known === network) ? `social-${network.toLowerCase()}` : "social-other";
