import { preload } from "react-dom";
import type { DataStrategyResult } from "react-router";

/**
 * The pictures a page shows first, which its loader names (`leadingImages`: URLs its data already holds, so the
 * serialised data only refers to them again). On a client navigation the root's client middleware starts them
 * as soon as the page's data is in, rather than when React has rendered the page down to them.
 */
export interface LeadingImages {
  leadingImages: readonly string[];
}

const namesLeadingImages = (data: unknown): data is LeadingImages =>
  typeof data === "object" && data !== null && Array.isArray((data as Partial<LeadingImages>).leadingImages);

/** Preloads the leading pictures of every page whose data just arrived, at the priority of a first screen's. */
export function preloadLeadingImages(results: Record<string, DataStrategyResult>): void {
  for (const { type, result } of Object.values(results)) {
    if (type !== "data" || !namesLeadingImages(result)) continue;
    for (const src of result.leadingImages) preload(src, { as: "image", fetchPriority: "high" });
  }
}
