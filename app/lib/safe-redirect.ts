import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * A user-supplied return path, kept only when it stays on this site: one leading '/', not '//'
 * or '/\' (remix-utils), and no control characters, which browsers drop ('/\t/evil' is '//evil').
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || hasControlCharacter(to)) return fallback;
  return safeRedirect(to, fallback);
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
