import { ANONYMOUS_PAGE_MAX_AGE_S } from "./constants.ts";

/**
 * Sets the Cache-Control of a rendered page. Every page's HTML depends on the session, cart and currency cookies
 * (name in the header, cart badge, prices), so only a page asked for without any cookie and answered 200 without
 * setting one is the same for everyone: caches may keep it briefly, varying on Cookie so a visitor with cookies
 * never gets it. Anything else belongs to one visitor: private, and checked again before reuse.
 */
export function setDocumentCaching(request: Request, status: number, headers: Headers): void {
  const anonymous = !request.headers.has("cookie") && !headers.has("set-cookie");
  if (anonymous && status === 200 && request.method === "GET") {
    headers.set("Cache-Control", `public, max-age=${ANONYMOUS_PAGE_MAX_AGE_S}`);
  } else {
    headers.set("Cache-Control", "private, no-cache");
  }
  headers.append("Vary", "Cookie");
}
