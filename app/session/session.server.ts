import { randomUUID } from "node:crypto";
import { type Cookie, createCookie, createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { BASE_CURRENCY } from "#contract/constants.ts";
import type { UserDto } from "#contract/dto/account.ts";
import { isSupportedCurrency } from "../features/currency/currency.ts";
import { COOKIE_LIFETIME_DAYS, CURRENCY_COOKIE, cookieMaxAgeSeconds, SESSION_COOKIE, type ToastType } from "../lib/constants.ts";
import { readStorefrontConfig } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import type { Toast } from "../lib/toast.ts";
import { rememberVerified } from "./verified-cookies.server.ts";

interface SessionData {
  token: string;
  user: UserDto;
  /** The e-mail the verification and reset screens work on (the stored sign-up e-mail). */
  pendingEmail: string;
}

/** A shopper with a bearer token, as the session holds them: what protected loaders and actions work with. */
export type SignedIn = Pick<SessionData, "user" | "token">;

interface FlashData {
  toasts: Toast[];
}

/** How many toasts one redirect can carry: enough for a payment's two, few enough for a cookie. */
export const MAX_FLASH_TOASTS = 3;

const config = readStorefrontConfig();
// server.ts sets it before the storefront loads: from the environment, or the one kept in the database.
if (!config.SESSION_SECRET) throw new Error("SESSION_SECRET is not set: start the storefront through server.ts");
/**
 * The secrets of the storefront's signed cookies, the session and the cart (app/features/cart/cart.server.ts), newest first:
 * React Router signs with the first and verifies with each, so rotating SESSION_SECRET signs nobody out.
 */
export const cookieSecrets: string[] = config.SESSION_SECRET;

const sessionCookie = (secure: boolean) =>
  rememberVerified(
    createCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: cookieSecrets,
      maxAge: cookieMaxAgeSeconds(COOKIE_LIFETIME_DAYS.session),
    }),
    reportUnverifiedCookie,
  );
const storage = (cookie: Cookie): SessionStorage<SessionData, FlashData> => createCookieSessionStorage<SessionData, FlashData>({ cookie });
const secureStorage = storage(sessionCookie(true));
const plainStorage = storage(sessionCookie(false));

let reportedUnverifiedCookie = false;

/**
 * Logs, once per process, a signed cookie that does not verify (`rememberVerified` tells of each): usually an
 * instance whose SESSION_SECRET differs from the one that signed it, which otherwise shows up only as shoppers
 * seeing empty carts and signed-out pages.
 */
export function reportUnverifiedCookie(name: string): void {
  if (reportedUnverifiedCookie) return;
  reportedUnverifiedCookie = true;
  logger.warn(
    { cookie: name },
    "a signed cookie failed verification: if several instances serve this shop, give them the same SESSION_SECRET (or leave it unset on all)",
  );
}

/** Secure cookies whenever the request came over HTTPS (or COOKIE_SECURE says so). */
export function isSecureRequest(request: Request): boolean {
  if (config.COOKIE_SECURE !== "auto") return config.COOKIE_SECURE === "always";
  return new URL(request.url).protocol === "https:";
}

const storageFor = (request: Request) => (isSecureRequest(request) ? secureStorage : plainStorage);

export const getSession = (request: Request) => storageFor(request).getSession(request.headers.get("cookie"));

export type ShopSession = Awaited<ReturnType<typeof getSession>>;

export const commitSession = (request: Request, session: ShopSession) => storageFor(request).commitSession(session);
export const destroySession = (request: Request, session: ShopSession) => storageFor(request).destroySession(session);

/** Queues a toast for the next page the shopper sees, after any already queued (the oldest go past the limit). */
export function flashToast(session: ShopSession, type: ToastType, message: string, title?: string) {
  // Reading a flash value consumes it, so the queue is flashed again with the new toast added.
  const queued = session.get("toasts") ?? [];
  const toast: Toast = { id: randomUUID(), type, message, ...(title ? { title } : {}) };
  session.flash("toasts", [...queued, toast].slice(-MAX_FLASH_TOASTS));
}

/** The toasts queued for this render, in the order they were queued; reading them consumes them. */
export const takeToasts = (session: ShopSession): Toast[] => session.get("toasts") ?? [];

export interface ToastNotice {
  type: ToastType;
  message: string;
  title?: string;
}

/** Post/redirect/get with a toast: the toast rides in the session to the next render. */
export function redirectWithToast(
  request: Request,
  url: string,
  type: ToastType,
  message: string,
  init: ResponseInit = {},
  title?: string,
) {
  return redirectWithToasts(request, url, [{ type, message, title }], init);
}

/** Post/redirect/get with several toasts, shown stacked in the order given. */
export async function redirectWithToasts(request: Request, url: string, notices: readonly ToastNotice[], init: ResponseInit = {}) {
  const session = await getSession(request);
  for (const notice of notices) flashToast(session, notice.type, notice.message, notice.title);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(request, session));
  return redirect(url, { ...init, headers });
}

/** The display currency, a plain cookie so it survives sign-out (the persisted `preferredCurrency`); `Secure` as the session's. */
const currencyCookie = (secure: boolean) =>
  createCookie(CURRENCY_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: cookieMaxAgeSeconds(COOKIE_LIFETIME_DAYS.currency),
  });
const secureCurrencyCookie = currencyCookie(true);
const plainCurrencyCookie = currencyCookie(false);
const currencyCookieFor = (request: Request) => (isSecureRequest(request) ? secureCurrencyCookie : plainCurrencyCookie);

/** The Set-Cookie header that keeps `currency` as the shopper's display currency. */
export const saveCurrency = (request: Request, currency: string) => currencyCookieFor(request).serialize(currency);

export async function readCurrency(request: Request): Promise<string> {
  const value = await currencyCookieFor(request).parse(request.headers.get("cookie"));
  return typeof value === "string" && isSupportedCurrency(value) ? value : BASE_CURRENCY;
}
