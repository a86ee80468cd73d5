import { type IconName, socialSymbolId } from "./icon-names.ts";
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * Line icons (24 px grid, stroked in currentColor) from one sprite, `icons.svg`: each icon on a page is a
 * `<use>` of a symbol there, so the markup and the client bundle carry no path data, and the browser fetches
 * and caches the sprite once. No icon font, no third-party host.
 */
/**
 * Icons are decorative: the link or button around one carries the accessible name. Their stroke is the stylesheet's
 * (`.icon`), not attributes repeated on each of a page's dozens of icons.
 */
function SpriteIcon({ symbolId, className }: { symbolId: string; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true">
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
