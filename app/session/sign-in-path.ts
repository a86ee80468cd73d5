/** The screens of signing in and up: a sign-in never returns to one of them. */
const ACCOUNT_FLOW_PATHS: ReadonlySet<string> = new Set(["/signin", "/signup", "/email-verification", "/otp-verification", "/logout"]);

/**
 * The sign-in page, remembering `back` (a same-site path and query) to come back to: the spec's "the previous
 * page". Carried in the URL, never read from the Referer header, so the sign-in page is the same for every visitor
 * who asks for the same URL (pages are kept by URL) and works where browsers send no Referer.
 */
export function signInUrlFor(back: string): string {
  const pathname = back.split("?", 1)[0] ?? "";
  return back === "/" || ACCOUNT_FLOW_PATHS.has(pathname) ? "/signin" : `/signin?${new URLSearchParams({ redirectTo: back })}`;
}
