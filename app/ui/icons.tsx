import spriteUrl from "./icons.svg?url&no-inline";

/**
 * Line icons (24 px grid, stroked in currentColor) from one sprite, `icons.svg`: each icon on a page is a
 * `<use>` of a symbol there, so the markup and the client bundle carry no path data, and the browser fetches
 * and caches the sprite once. No icon font, no third-party host.
 */
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

/** Icons are decorative: the link or button around one carries the accessible name. */
function SpriteIcon({ symbolId, className }: { symbolId: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${symbolId}`} />
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <SpriteIcon symbolId={name} className={className} />;
}

export function SocialIcon({ network }: { network: string }) {
  return <SpriteIcon symbolId={socialSymbolId(network)} />;
}
