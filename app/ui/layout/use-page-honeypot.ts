import { useMatches } from "react-router";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot fields' props of the page shown, for the root layout's provider: a page whose forms carry the
 * honeypot returns them from its loader as `honeypot` (`honeypotLoaderData`); other pages have none.
 */
export function usePageHoneypot(): HoneypotInputProps | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const honeypot = (match.loaderData as { honeypot?: HoneypotInputProps } | undefined)?.honeypot;
    if (honeypot) return honeypot;
  }
  return undefined;
}
