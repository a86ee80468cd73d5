import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Clock } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import { DEVICE_TOKEN_TTL_MS } from "#contract/constants.ts";
import { sharedSecret } from "./session-secret.ts";

/**
 * Device tokens (OWASP "Slow Down Online Guessing Attacks with Device Cookies", decision 0053): issued to a browser
 * when it proves it holds an account (a right password, a sign-up, a reset by code), kept by the storefront in the
 * `__device` cookie and sent back with the next login. `<nonce>.<issued seconds>.<HMAC-SHA256>`, the MAC over the
 * nonce, the time and the account's e-mail: a token names its account without showing it, cannot be forged or
 * moved to another account, and ends DEVICE_TOKEN_TTL_MS after it was issued. One HMAC to check, nothing stored.
 */
const NONCE_BYTES = 16;
const TOKEN_FORM = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, nonce: string, issuedSeconds: string, email: string) =>
  createHmac("sha256", key).update(`device-v1\n${nonce}\n${issuedSeconds}\n${email}`).digest();

/** A new token for `email`, issued at `now`. */
export function signDeviceToken(key: Buffer, email: string, now: Date): string {
  const nonce = randomBytes(NONCE_BYTES).toString("base64url");
  const issuedSeconds = String(Math.floor(now.getTime() / 1000));
  return `${nonce}.${issuedSeconds}.${mac(key, nonce, issuedSeconds, email).toString("base64url")}`;
}

/**
 * The token's nonce (the device's identity) when `token` is one this key issued for `email` and has not ended;
 * null for anything else, whatever its shape: a malformed, forged, expired or other account's token is an
 * untrusted client, never an error.
 */
export function verifyDeviceToken(key: Buffer, token: string | undefined, email: string, now: Date): string | null {
  const parts = token === undefined ? null : TOKEN_FORM.exec(token);
  if (!parts) return null;
  const [, nonce, issuedSeconds, presented] = parts;
  const issuedMs = Number(issuedSeconds) * 1000;
  const age = now.getTime() - issuedMs;
  // A token from the future by more than a clock's skew was not issued by this shop's clock.
  if (age > DEVICE_TOKEN_TTL_MS || age < -60_000) return null;
  const expected = mac(key, nonce, issuedSeconds, email);
  return timingSafeEqual(expected, Buffer.from(presented, "base64url")) ? nonce : null;
}

/** The signing key, kept in the database so every instance issues and checks alike; read once per database. */
const keys = new WeakMap<Db, Promise<Buffer>>();

export function deviceTokenKey(db: Db, clock: Clock): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sharedSecret(db, clock, "device").then((secret) => Buffer.from(secret, "base64url"));
    // A failed read (the database away for a moment) is not kept: the next login asks again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A token for this browser, which has just proved it holds `email`'s account. */
export async function issueDeviceToken(db: Db, clock: Clock, email: string): Promise<string> {
  return signDeviceToken(await deviceTokenKey(db, clock), email, clock.now());
}
