import { randomUUID } from "node:crypto";
import { createCookie, createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { BASE_CURRENCY } from "#contract/constants.ts";
import type { UserDto } from "#contract/dto/account.ts";
import { CURRENCY_COOKIE, type ToastType } from "./constants.ts";
import { isSupportedCurrency } from "./currency.ts";
import { readStorefrontConfig } from "./env.server.ts";
import { resolveSessionSecret } from "./secret.server.ts";
import type { Toast } from "./toast.ts";

interface SessionData {
  token: string;
  user: UserDto;
  /** The e-mail the verification and reset screens work on (spec: "the stored sign-up e-mail"). */
  pendingEmail: string;
}

interface FlashData {
  toast: Toast;
}

const config = readStorefrontConfig();
const secret = resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR, console.warn);
/** The secrets that sign the storefront's cookies: the session and the cart (app/lib/cart.server.ts). */
export const cookieSecrets: string[] = [secret];
const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

function storage(secure: boolean): SessionStorage<SessionData, FlashData> {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secure, secrets: [secret], maxAge: THIRTY_DAYS_S },
  });
}
const secureStorage = storage(true);
const plainStorage = storage(false);

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

/** Queues a toast for the next page the shopper sees. */
export function flashToast(session: ShopSession, type: ToastType, message: string) {
  session.flash("toast", { id: randomUUID(), type, message });
}

/** Post/redirect/get with a toast: the toast rides in the session to the next render. */
export async function redirectWithToast(request: Request, url: string, type: ToastType, message: string, init: ResponseInit = {}) {
  const session = await getSession(request);
  flashToast(session, type, message);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(request, session));
  return redirect(url, { ...init, headers });
}

/** The display currency, a plain cookie so it survives sign-out (spec: persisted `preferredCurrency`). */
export const currencyCookie = createCookie(CURRENCY_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readCurrency(request: Request): Promise<string> {
  const value = await currencyCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && isSupportedCurrency(value) ? value : BASE_CURRENCY;
}
