import { LRUCache } from "lru-cache";
import type { Cookie } from "react-router";

/** Signed values each cookie remembers as verified; a visitor keeps the same value across their pages. */
const REMEMBERED_VALUES = 2_000;

/** The first value sent for cookie `name`, undecoded, as the cookie parser picks it; undefined when absent. */
function rawValueOf(cookieHeader: string | null, name: string): string | undefined {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * `cookie` with the values it has verified remembered. React Router verifies a signed cookie's HMAC through Web
 * Crypto on every `parse` (a key import and a verification, each a trip to the thread pool), and a page parses
 * the session and the cart cookie, whose values stay the same from one page to the next. A value that verified
 * once verifies again (the secrets are fixed for the process), so its decoded content is kept, keyed by the
 * exact bytes sent, and each parse answers a copy. Values that fail are never kept: a forged one costs its own
 * verification every time, as before.
 */
export function rememberVerified(cookie: Cookie): Cookie {
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
      const raw = options ? undefined : rawValueOf(cookieHeader, cookie.name);
      if (raw === undefined) return cookie.parse(cookieHeader, options);
      const kept = verified.get(raw);
      if (kept) return structuredClone(kept.value);
      const value = await cookie.parse(cookieHeader);
      if (value !== null) verified.set(raw, { value: structuredClone(value) });
      return value;
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}
