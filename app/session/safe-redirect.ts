import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * A user-supplied return path, kept only when it stays on this site: one leading '/', not '//'
 * or '/\' (remix-utils), and no control characters, which browsers drop ('/\t/evil' is '//evil').
 * Characters beyond ASCII are percent-encoded: a `Location` header holds bytes, and a character above
 * U+00FF cannot be written into it at all.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || hasControlCharacter(to)) return fallback;
  return safeRedirect(to.toWellFormed().replace(/[^\x20-\x7e]+/g, encodeURI), fallback);
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
