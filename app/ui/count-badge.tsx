import { CART_BADGE_CAP } from "#app/lib/constants.ts";
import { MSG } from "#contract/messages.ts";

/** Badge text for a count: the number itself up to the cap, then "99+". */
export function formatBadgeCount(count: number, cap: number = CART_BADGE_CAP): string {
  const whole = Math.max(0, Math.floor(count));
  return whole > cap ? `${cap}+` : String(whole);
}

/** The cart icon's accessible name: "Cart, empty", "Cart, 1 item", "Cart, 3 items", "Cart, 99+ items". */
export const cartIconLabel = (count: number) => MSG.header.cartIconLabel(formatBadgeCount(count), Math.max(0, Math.floor(count)));

/** A small count bubble on an icon; hidden at zero. The accessible wording belongs to the parent's label. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-hidden="true">
      {formatBadgeCount(count)}
    </span>
  );
}
