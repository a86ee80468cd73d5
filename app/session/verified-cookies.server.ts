import { LRUCache } from "lru-cache";
import type { Cookie } from "react-router";
import { cookieValue } from "./cookie-header.ts";

/** Signed values each cookie remembers as verified; a visitor keeps the same value across their pages. */
const REMEMBERED_VALUES = 2_000;

/**
 * `cookie` with the values it has verified remembered. React Router verifies a signed cookie's HMAC through Web
 * Crypto on every `parse` (a key import and a verification, each a trip to the thread pool), and a page parses
 * the session and the cart cookie, whose values stay the same from one page to the next. A value that verified
 * once verifies again (the secrets are fixed for the process), so its decoded content is kept, keyed by the
 * exact bytes sent, and each parse answers a copy. Values that fail are never kept: a forged one costs its own
 * verification every time, as before. `onUnverified` hears of each value sent that failed, named by the cookie.
 */
export function rememberVerified(cookie: Cookie, onUnverified?: (name: string) => void): Cookie {
  const verified = new LRUCache<string, { value: unknown }>({ max: REMEMBERED_VALUES });
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(cookieHeader, options) {
      const raw = options ? undefined : cookieValue(cookieHeader, cookie.name);
      if (raw === undefined) return cookie.parse(cookieHeader, options);
      const kept = verified.get(raw);
      if (kept) return structuredClone(kept.value);
      // parse() answers null for a cookie that is absent or whose signature fails; absent is ruled out above.
      const value = await cookie.parse(cookieHeader);
      if (value === null) onUnverified?.(cookie.name);
      else verified.set(raw, { value: structuredClone(value) });
      return value;
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}
