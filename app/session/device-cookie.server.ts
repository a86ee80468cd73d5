import { createCookie } from "react-router";
import { COOKIE_LIFETIME_DAYS, cookieMaxAgeSeconds, DEVICE_COOKIE } from "../lib/constants.ts";
import { isSecureRequest } from "./session.server.ts";

/**
 * The device cookie (decision 0053): the device token the API gave this browser when it last proved an account
 * (sign-in, sign-up, password reset), sent back with the next login so that the owner on a known device is never
 * refused for what others guessed. The API signs the token itself, so the cookie needs no signature of its own; it
 * outlives sign-out, and only scripts of the page cannot read it.
 */
const deviceCookie = (secure: boolean) =>
  createCookie(DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: cookieMaxAgeSeconds(COOKIE_LIFETIME_DAYS.device),
  });
const secureDeviceCookie = deviceCookie(true);
const plainDeviceCookie = deviceCookie(false);

const cookieFor = (request: Request) => (isSecureRequest(request) ? secureDeviceCookie : plainDeviceCookie);

/** The browser's device token, if its cookie holds one (whatever else it holds is no token: the API checks). */
export async function readDeviceToken(request: Request): Promise<string | undefined> {
  const value: unknown = await cookieFor(request).parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The Set-Cookie value that keeps `token` in this browser. */
export const deviceCookieHeader = (request: Request, token: string) => cookieFor(request).serialize(token);
