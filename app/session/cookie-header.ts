/**
 * The first value a `Cookie` header sends for `name`, undecoded, as the cookie parser picks it: each pair read up
 * to its first "=", names trimmed, pairs without "=" skipped. Undefined when the cookie is not sent.
 */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
