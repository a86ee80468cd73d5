/**
 * The obfuscated product id of storefront URLs (spec sections 2 and 5): base64url of `prod_{id}_{suffix}`.
 * Isomorphic and pure (btoa/atob only), so links render the same on the server and in the browser.
 */

const TOKEN_PATTERN = /^prod_(\d+)_[A-Za-z0-9]+$/;
const NUMERIC_PATTERN = /^\d+$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+={0,2}$/;
const SUFFIX_LENGTH = 6;

/** A short alphanumeric suffix derived from the id (FNV-1a), so each product has one canonical token. */
function suffixFor(id: number): string {
  let hash = 0x811c9dc5;
  for (const char of `prod-${id}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(SUFFIX_LENGTH, "0").slice(-SUFFIX_LENGTH);
}

function toBase64Url(ascii: string): string {
  return btoa(ascii).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string | null {
  if (!BASE64URL_PATTERN.test(encoded)) return null;
  const standard = encoded.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (standard.length % 4 === 1) return null;
  try {
    return atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
  } catch {
    return null;
  }
}

function positiveSafeInteger(digits: string): number | null {
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function encodeProductId(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Not a product id: ${id}`);
  return toBase64Url(`prod_${id}_${suffixFor(id)}`);
}

/**
 * The numeric id named by a URL parameter: a token of the pattern `prod_{id}_{suffix}` (any alphanumeric
 * suffix) or a plain positive integer. Anything else answers null (the storefront shows not found).
 */
export function decodeProductId(param: string | null | undefined): number | null {
  if (typeof param !== "string" || param.length === 0 || param.length > 200) return null;
  if (NUMERIC_PATTERN.test(param)) return positiveSafeInteger(param);
  const decoded = fromBase64Url(param);
  const match = decoded === null ? null : TOKEN_PATTERN.exec(decoded);
  return match ? positiveSafeInteger(match[1]) : null;
}
