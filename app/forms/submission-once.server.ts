import { LRUCache } from "lru-cache";

/**
 * Add-to-cart forms carry a token made for the page that rendered them (SUBMISSION_TOKEN_FIELD), so a form
 * posted twice without JavaScript (a double tap before the next page opens) adds once. A token is claimed per
 * shopper and product (decision 0063): the same page served from the page cache to two visitors carries one token, and the
 * client's address and browser keep their posts apart. Kept in this process, for long enough to cover a resent form.
 */
const KEEP_MS = 10 * 60 * 1000;
const claimed = new LRUCache<string, true>({ max: 20_000, ttl: KEEP_MS });

/**
 * The token of a page shared by every visitor without a session or cart (the same bytes for all, decision 0034).
 * Posted by a visitor still without either, it is their first add and always adds (it may be another visitor's
 * behind the same address and browser); posted again with the cart the first post made, it is the second tap.
 */
export const SHARED_PAGE_TOKEN = "shared-page";

export interface SubmissionPost {
  /** The page's token as the form posted it; a form without one (a script's submission) always passes. */
  token: FormDataEntryValue | null | undefined;
  shopper: { clientIp: string; userAgent: string };
  /** The product and variant the form adds. */
  adds: string;
  /** Whether the post carries a session or cart: the visitor's pages are their own. */
  ownPage: boolean;
}

/** True the first time this shopper posts `token` for this product; false for every repeat. */
export function claimSubmission({ token, shopper, adds, ownPage }: SubmissionPost): boolean {
  if (typeof token !== "string" || token === "") return true;
  const key = `${token}\n${adds}\n${shopper.clientIp}\n${shopper.userAgent}`;
  const repeat = claimed.has(key) && (ownPage || token !== SHARED_PAGE_TOKEN);
  claimed.set(key, true);
  return !repeat;
}
