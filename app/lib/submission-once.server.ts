import { LRUCache } from "lru-cache";

/**
 * Add-to-cart forms carry a token made for the page that rendered them (SUBMISSION_TOKEN_FIELD), so a form
 * posted twice without JavaScript (a double tap before the next page opens) adds once. A token is claimed per
 * shopper: the same page served from the page cache to two visitors carries one token, and the client's address
 * and browser keep their posts apart. Kept in this process, for long enough to cover a resent form.
 */
const KEEP_MS = 10 * 60 * 1000;
const claimed = new LRUCache<string, true>({ max: 20_000, ttl: KEEP_MS });

/** True the first time this shopper posts `token`; false for every repeat. A form without a token always passes. */
export function claimSubmission(token: FormDataEntryValue | null | undefined, shopper: { clientIp: string; userAgent: string }): boolean {
  if (typeof token !== "string" || token === "") return true;
  const key = `${token}\n${shopper.clientIp}\n${shopper.userAgent}`;
  if (claimed.has(key)) return false;
  claimed.set(key, true);
  return true;
}
