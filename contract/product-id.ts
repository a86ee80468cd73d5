/**
 * The obfuscated product id of storefront URLs: base64url of `prod_{id}_{suffix}`.
 * Isomorphic and pure, so links render the same on the server and in the browser.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

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

/** The token's text, or null when `encoded` is not base64url (padding optional). */
function fromBase64Url(encoded: string): string | null {
  if (!BASE64URL_PATTERN.test(encoded)) return null;
  try {
    return new TextDecoder().decode(decodeBase64urlIgnorePadding(encoded));
  } catch {
    // Malformed length or trailing bits: not a token.
    return null;
  }
}

function positiveSafeInteger(digits: string): number | null {
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function encodeProductId(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Not a product id: ${id}`);
  return encodeBase64urlNoPadding(new TextEncoder().encode(`prod_${id}_${suffixFor(id)}`));
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
