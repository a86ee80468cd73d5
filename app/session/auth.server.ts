import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { AuthSessionDto, UserDto } from "#contract/dto/account.ts";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import { type ApiClient, type ApiOutcome, apiFor } from "../api-client/api.server.ts";
import { currentUserSchema } from "../api-client/responses.server.ts";
import { callRecentlyViewed } from "../features/recently-viewed/recently-viewed.server.ts";
import { fetchWishlist } from "../features/wishlist/wishlist.server.ts";
import { honeypotLoaderData } from "../forms/honeypot.server.ts";
import { SESSION_COOKIE } from "../lib/constants.ts";
import { deviceCookieHeader } from "./device-cookie.server.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
import { commitSession, flashToast, getSession, type ShopSession, type SignedIn } from "./session.server.ts";
import { signInUrlFor } from "./sign-in-path.ts";

/**
 * The page a request is for, as the address bar shows it. With JavaScript, React Router fetches a
 * page's data from `<path>.data` (`/_root.data` for `/`), adding `_routes`; loaders and actions see that URL.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The sign-in page, remembering the page of `request` (path and query) to come back to. */
export const signInUrl = (request: Request) => signInUrlFor(pagePath(request));

/** The e-mail verification screen for `email` (decision 0004: not /otp-verification, which resets passwords). */
export const emailVerificationUrl = (email: string) => `/email-verification?${new URLSearchParams({ email })}`;

/** The session's shopper as stored at sign-in, without asking the API: for pages that only adapt to them. */
export async function optionalUser(request: Request): Promise<SignedIn | null> {
  const session = await getSession(request);
  const token = session.get("token");
  const user = session.get("user");
  return token && user ? { token, user } : null;
}

/**
 * Stores a signed-in shopper in the session (sign-in, sign-up) and the API's device token in the device cookie,
 * and goes on to `next` with a success toast. The account's own e-mail is the pending one from now on, so any
 * other stored one is dropped.
 */
export async function redirectSignedIn(request: Request, signedIn: AuthSessionDto, next: string, toast: string) {
  const session = await getSession(request);
  session.set("token", signedIn.token);
  session.set("user", signedIn.user);
  session.unset("pendingEmail");
  flashToast(session, "success", toast);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(request, session));
  headers.append("Set-Cookie", await deviceCookieHeader(request, signedIn.device));
  return redirect(next, { headers });
}

export function signOutSession(session: ShopSession) {
  session.unset("token");
  session.unset("user");
}

/** A plain 401: the API no longer takes the token (a password reset or a sign-out elsewhere revoked it, or it expired). */
const tokenRefused = (outcome: ApiOutcome<unknown>) => !outcome.ok && outcome.status === 401 && !outcome.callerDecides;

/** What every page's chrome shows of the session's shopper. */
export interface ShopperChrome {
  signedIn: SignedIn | null;
  /** The profile slider's list. */
  recentlyViewed: RecentlyViewedDto[];
  /** The saved products, so every heart on the page shows its state without a call per card. */
  wishlistIds: number[];
  /** The session changed (the API refused its token and it forgot it, or it took the account's news): commit it. */
  sessionChanged: boolean;
}

/**
 * The session's account as the API knows it now (GET /public/auth/me), written back to the session: the one
 * place a stored account is refreshed, so a shopper verified on another device is verified here too.
 * "refused": the API no longer takes the token, and the session has forgotten it. When the API cannot answer,
 * the stored account stands. `changed` says the session must be committed.
 */
async function refreshAccount(
  api: ApiClient,
  session: ShopSession,
  token: string,
): Promise<{ status: "refused" } | { status: "current"; user: UserDto | undefined; changed: boolean }> {
  const stored = session.get("user");
  const me = await api({ send: (c) => c.public.auth.me.$get(), token, schema: currentUserSchema });
  if (tokenRefused(me)) {
    signOutSession(session);
    return { status: "refused" };
  }
  if (!me.ok) return { status: "current", user: stored, changed: false };
  const changed = JSON.stringify(me.data.user) !== JSON.stringify(stored);
  if (changed) session.set("user", me.data.user);
  return { status: "current", user: me.data.user, changed };
}

/**
 * The session's shopper and their chrome, on every page. The chrome's own calls carry the token, so they tell
 * whether the API still takes it: a refused token signs the session out on this very page, public pages
 * included, with no call of its own. An unverified shopper's chrome makes no calls, so their session asks
 * for the account instead, and takes it if it has been verified since (their chrome then loads as anyone's).
 * When the API cannot answer, the stored shopper stands.
 */
export async function loadShopperChrome(api: ApiClient, session: ShopSession): Promise<ShopperChrome> {
  const token = session.get("token");
  let user = session.get("user");
  if (!token || !user) return { signedIn: null, recentlyViewed: [], wishlistIds: [], sessionChanged: false };
  const signOut = (): ShopperChrome => {
    signOutSession(session);
    return { signedIn: null, recentlyViewed: [], wishlistIds: [], sessionChanged: true };
  };
  let sessionChanged = false;
  if (!user.email_verified) {
    const account = await refreshAccount(api, session, token);
    if (account.status === "refused") return signOut();
    sessionChanged = account.changed;
    user = account.user ?? user;
    if (!user.email_verified) return { signedIn: { token, user }, recentlyViewed: [], wishlistIds: [], sessionChanged };
  }
  const [recentlyViewed, wishlist] = await Promise.all([callRecentlyViewed(api, token), fetchWishlist(api, token)]);
  if (tokenRefused(recentlyViewed) || tokenRefused(wishlist)) return signOut();
  return {
    signedIn: { token, user },
    recentlyViewed: recentlyViewed.ok ? recentlyViewed.data : [],
    wishlistIds: wishlist.ok ? wishlist.data.map((entry) => entry.product_id) : [],
    sessionChanged,
  };
}

/** An account a guard fetched that differs from the session's copy: the response's session takes it. */
interface AccountNews {
  token: string;
  user: UserDto;
}

/** Where this request's guards leave their `AccountNews`; null outside a request run by `writeBackAccount`. */
const accountNewsContext = createContext<{ news: AccountNews | null } | null>(null);

/**
 * Root middleware: the account a guard fetched (`requireUser`) lands in the session of this very response,
 * whatever else the response sets, so the header, the wishlist's hearts and recently viewed agree with the page
 * from the next render on. The response's own session cookie (toasts taken, a sign-in) is the basis, so nothing
 * it set is undone; a response that signed the shopper out or in as someone else keeps its session as it is.
 */
export const writeBackAccount: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const holder: { news: AccountNews | null } = { news: null };
  context.set(accountNewsContext, holder);
  const response = await next();
  if (holder.news) await putAccountInSession(request, response, holder.news);
  return response;
};

async function putAccountInSession(request: Request, response: Response, { token, user }: AccountNews) {
  const setCookies = response.headers.getSetCookie();
  const sessionSet = setCookies.find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  const cookie = sessionSet ? (sessionSet.split(";")[0] ?? "") : (request.headers.get("cookie") ?? "");
  const session = await getSession(new Request(request.url, { headers: { cookie } }));
  if (session.get("token") !== token) return;
  session.set("user", user);
  const committed = await commitSession(request, session);
  response.headers.delete("Set-Cookie");
  for (const value of setCookies) if (value !== sessionSet) response.headers.append("Set-Cookie", value);
  response.headers.append("Set-Cookie", committed);
}

/**
 * A signed-in shopper whose token the API still accepts, with their current account (`refreshAccount`): a
 * changed one lands in this response's session (`writeBackAccount`). No token, or one the API rejects (signed
 * out elsewhere, expired, password reset): the session forgets it and the shopper goes to /signin, coming back
 * here afterwards. When the API cannot answer, the stored account stands: the page's own calls report the outage.
 */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedIn> {
  const { signedIn } = await requireUserSession(request, context);
  return signedIn;
}

/** `requireUser`, with the session it refreshed, for a caller that redirects with it. */
async function requireUserSession(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) throw redirect(signInUrl(request));
  const account = await refreshAccount(apiFor(context), session, token);
  if (account.status === "current" && account.user) {
    const holder = context.get(accountNewsContext);
    if (account.changed && holder) holder.news = { token, user: account.user };
    return { signedIn: { token, user: account.user }, session };
  }
  signOutSession(session);
  throw redirect(signInUrl(request), { headers: { "Set-Cookie": await commitSession(request, session) } });
}

/** The protected-route rule: signed in, and the e-mail verified (as the API knows it now), else to its verification. */
export async function requireVerifiedUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedIn> {
  const { signedIn, session } = await requireUserSession(request, context);
  if (!signedIn.user.email_verified) {
    throw redirect(emailVerificationUrl(signedIn.user.email), { headers: { "Set-Cookie": await commitSession(request, session) } });
  }
  return signedIn;
}

/**
 * The e-mail the verification and reset screens work on: the URL's, else the one stored at sign-up,
 * sign-in or forgot password, else the signed-in shopper's. Null sends the screen to /signin.
 */
export async function pendingEmail(request: Request): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get("email")?.trim();
  if (fromUrl) return fromUrl;
  const session = await getSession(request);
  return session.get("pendingEmail") ?? session.get("user")?.email ?? null;
}

/** Loader of a code screen (the e-mail comes from the URL or the stored e-mail, else /signin). */
export async function codeScreenLoader({ request }: { request: Request }) {
  const email = await pendingEmail(request);
  if (!email) throw redirect("/signin");
  return { email, ...honeypotLoaderData };
}

/**
 * Where a sign-in returns to (the page the shopper came from, else /): the same-site `redirectTo` that the
 * header's link or the protected-route guard put in the URL (`signInUrlFor`).
 */
export const returnPath = (request: Request): string => safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));

/**
 * Sign-in and sign-up are for visitors: a verified, signed-in shopper goes on to the page they asked for
 * (`redirectTo`), else their profile. An unverified one may still sign in as someone else.
 */
export async function redirectSignedInShopper(request: Request): Promise<void> {
  const signedIn = await optionalUser(request);
  if (!signedIn?.user.email_verified) return;
  const asked = new URL(request.url).searchParams.get("redirectTo");
  throw redirect(asked ? safeRedirectPath(asked) : "/profile");
}
