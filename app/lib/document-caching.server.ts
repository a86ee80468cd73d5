import { cookieValue } from "../session/cookie-header.ts";
import { CART_COOKIE, CURRENCY_COOKIE, SESSION_COOKIE, SHARED_PAGE_CACHE_CONTROL } from "./constants.ts";

/** The cookies that make a page one visitor's own: the session (name in the header, wishlist, toasts) and the cart (its badge). */
const OWN_PAGE_COOKIES = [SESSION_COOKIE, CART_COOKIE];

/**
 * Which shared version of a page a request asks for, the same for every visitor who sends the same: null when the
 * page is the visitor's own (a session or a cart cookie), else the display currency cookie's raw value ("" without
 * one), which picks the prices. No other cookie changes a page, so others (a load balancer's, a consent banner's)
 * are ignored.
 */
export function sharedPageVariant(cookieHeader: string | null | undefined): string | null {
  if (OWN_PAGE_COOKIES.some((name) => cookieValue(cookieHeader, name) !== undefined)) return null;
  return cookieValue(cookieHeader, CURRENCY_COOKIE) ?? "";
}

/**
 * Sets the Cache-Control of a rendered page. A page shows the session (name in the header, toasts), the cart (its
 * badge) and the display currency (prices), so one asked for without a session or cart cookie and answered 200
 * without setting a cookie is the same for every visitor sending the same Cookie header: caches may keep it
 * briefly, varying on Cookie. Anything else belongs to one visitor: private, and checked again before reuse.
 */
export function setDocumentCaching(request: Request, status: number, headers: Headers): void {
  const shared = sharedPageVariant(request.headers.get("cookie")) !== null && !headers.has("set-cookie");
  if (shared && status === 200 && request.method === "GET") {
    headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  } else {
    headers.set("Cache-Control", "private, no-cache");
  }
  headers.append("Vary", "Cookie");
}
