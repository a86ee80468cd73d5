import { type IconName, socialSymbolId } from "./icon-names.ts";
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * Line icons (24 px grid, stroked in currentColor) from one sprite, `icons.svg`: each icon on a page is a
 * `<use>` of a symbol there, so the markup and the client bundle carry no path data, and the browser fetches
 * and caches the sprite once. No icon font, no third-party host.
 */
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
