import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { SiteFooterContent } from "#app/components/layout/site-footer.tsx";
import { ValueStripContent } from "#app/components/ui/value-strip.tsx";

/** The parts every page shows alike: each is rendered once a year (the footer's copyright names it), not per page. */
const STATIC_PARTS: readonly ComponentType[] = [SiteFooterContent, ValueStripContent];

let rendered: { year: number; markup: ReadonlyMap<ComponentType, string> } | undefined;

/**
 * The markup of every static part, for `StaticContentContext`. Rendered outside any page's render (React's
 * renderer keeps per-render state in module scope, so it must not be entered again from inside a component).
 */
export function staticContentMarkup(now = new Date()): ReadonlyMap<ComponentType, string> {
  const year = now.getFullYear();
  if (rendered?.year !== year) {
    rendered = { year, markup: new Map(STATIC_PARTS.map((Part) => [Part, renderToString(<Part />)])) };
  }
  return rendered.markup;
}
