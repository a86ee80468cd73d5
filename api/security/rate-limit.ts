import { createHash } from "node:crypto";
import type { Context } from "hono";
import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ApiError } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { API_HEADERS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { deviceTokenKey, verifyDeviceToken } from "./device-tokens.ts";

/**
 * Fixed-window counters in the `rate_limits` table, so every instance behind a load balancer
 * counts together. One `INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING` per key is atomic
 * on SQLite and PostgreSQL alike and reads the API's clock, so tests can move through windows.
 * rate-limiter-flexible was not used: it needs the raw driver clients, its own per-dialect
 * tables and the wall clock.
 */

export interface Limit {
  hits: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;

/**
 * Budgets of the account actions other than guesses (ASVS 5.0 6.3.1, anti-automation). Sign-ups count per
 * IP and per e-mail. Code requests count per IP only: who may ask is never limited per e-mail (strangers
 * could spend the owner's budget), what is mailed is (`CODE_MAIL_LIMIT`, decision 0033).
 */
const ACCOUNT_LIMITS = {
  signup: { ip: { hits: 10, windowMs: 60 * MINUTE }, email: { hits: 5, windowMs: 60 * MINUTE } },
  codeRequest: { ip: { hits: 20, windowMs: 60 * MINUTE } },
} as const satisfies Record<string, { ip: Limit; email?: Limit }>;

export type AccountAction = keyof typeof ACCOUNT_LIMITS;

/** New codes mailed per e-mail and purpose; past it a request mails nothing while a code is live (decision 0033). */
export const CODE_MAIL_LIMIT: Limit = { hits: 6, windowMs: 60 * MINUTE };

/**
 * Budgets of guesses at a secret of an e-mail's account (decision 0053, after OWASP's device cookies). Passwords:
 * a browser holding a device token for the account (`device`) is trusted, and only its own failures count, against
 * that token alone; every other client is untrusted: each attempt counts against its address, each wrong password
 * against the e-mail from that address, and against the e-mail from all untrusted clients together, the one budget
 * that, once spent, refuses untrusted clients for the account (never a trusted one). Codes: each check counts
 * against the address, each wrong code against the e-mail from that address; nothing per e-mail refuses a check,
 * since each code dies after its own tries (`OTP_POLICY.triesPerCode`) and a new one can always be asked for.
 */
export const GUESS_LIMITS = {
  login: {
    ip: { hits: 30, windowMs: 15 * MINUTE },
    emailFromIp: { hits: 10, windowMs: 15 * MINUTE },
    email: { hits: 100, windowMs: 24 * 60 * MINUTE },
    device: { hits: 10, windowMs: 15 * MINUTE },
  },
  code: {
    ip: { hits: 30, windowMs: 15 * MINUTE },
    emailFromIp: { hits: 10, windowMs: 24 * 60 * MINUTE },
  },
} as const satisfies { login: Record<string, Limit>; code: Record<string, Limit> };

/** Counts one hit against `key`; answers whether it is within `limit` and when the window ends. */
export async function hit(db: Queryable, clock: Clock, key: string, limit: Limit) {
  const now = isoNow(clock);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, window_ends_at: isoIn(clock, limit.windowMs) })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => {
        const expired = eb("rate_limits.window_ends_at", "<=", now);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb("rate_limits.hits", "+", 1))
            .end(),
          window_ends_at: eb.case().when(expired).then(eb.ref("excluded.window_ends_at")).else(eb.ref("rate_limits.window_ends_at")).end(),
        };
      }),
    )
    .returning(["hits", "window_ends_at"])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - clock.now().getTime()) / 1000));
  return { allowed: row.hits <= limit.hits, retryAfterSeconds };
}

/** Keys carry a digest of the e-mail or address, not the value itself. */
const keyFor = (...parts: string[]) =>
  `${parts[0]}:${createHash("sha256").update(parts.slice(1).join(":")).digest("base64url").slice(0, 32)}`;

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, "TOO_MANY_REQUESTS", message, { extra: { retryAfterSeconds } });

/** Counts an account action against the client's IP (and the e-mail it names, where it has a budget for one); 429 when over budget. */
async function limitAccountAction(db: Db, clock: Clock, action: AccountAction, clientIp: string, email: string) {
  const limits: { ip: Limit; email?: Limit } = ACCOUNT_LIMITS[action];
  const results = [await hit(db.kysely, clock, keyFor(action, "ip", clientIp), limits.ip)];
  if (limits.email) results.push(await hit(db.kysely, clock, keyFor(action, "email", email), limits.email));
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length > 0) {
    throw tooManyRequests(MSG.accounts.tooManyAttempts, Math.max(...blocked.map((result) => result.retryAfterSeconds)));
  }
}

/** The same, for a request: the client's IP as the API sees it (`c.var.clientIp`). */
export const limitAction = (c: Context<ApiEnv>, action: AccountAction, email: string) =>
  limitAccountAction(c.var.deps.db, c.var.deps.clock, action, c.var.clientIp, email);

/** Per-IP budgets of the public forms that need no account: each accepted request counts. */
export const PUBLIC_FORM_LIMITS = {
  contact: { hits: 10, windowMs: 60 * MINUTE },
  subscribe: { hits: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export type PublicForm = keyof typeof PUBLIC_FORM_LIMITS;

/** Counts a public form submission against the client's IP (`c.var.clientIp`); 429 when over budget. */
export async function limitPublicForm(c: Context<ApiEnv>, form: PublicForm) {
  const { db, clock } = c.var.deps;
  const result = await hit(db.kysely, clock, keyFor(form, "ip", c.var.clientIp), PUBLIC_FORM_LIMITS[form]);
  if (!result.allowed) throw tooManyRequests(MSG.api.tooManyRequests, result.retryAfterSeconds);
}

/**
 * One request per `windowMs` for this e-mail from this client address, whatever the outcome (the code
 * resend cooldown); 429 inside it. Per address, so one requester's cooldown never refuses another.
 */
export async function enforceCooldown(db: Db, clock: Clock, scope: string, email: string, clientIp: string, windowMs: number) {
  const result = await startCooldown(db.kysely, clock, scope, email, clientIp, windowMs);
  if (!result.allowed) throw tooManyRequests(MSG.accounts.codeCooldown, result.retryAfterSeconds);
}

/** Starts (or counts against) a cooldown without refusing: for actions that must go ahead, like sign-up's first code. */
export const startCooldown = (db: Queryable, clock: Clock, scope: string, email: string, clientIp: string, windowMs: number) =>
  hit(db, clock, keyFor(`cooldown-${scope}`, email, clientIp), { hits: 1, windowMs });

/** Counts one new code mailed for this e-mail and purpose; false once `CODE_MAIL_LIMIT` is spent. */
export async function withinCodeMailLimit(db: Queryable, clock: Clock, purpose: string, email: string) {
  return (await hit(db, clock, keyFor(`code-mail-${purpose}`, email), CODE_MAIL_LIMIT)).allowed;
}

/** Takes back one hit counted by `hit` (an attempt that turned out not to count, such as a right password). */
async function unhit(db: Queryable, key: string) {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** A guess let through to the check; `passed()` once it was right. */
export interface GuessAttempt {
  passed(): Promise<void>;
}

/** Rate-limit key prefixes: the address and e-mail ones are those decisions 0008 and 0033 wrote, so live windows carry over. */
const GUESS_KEYS = {
  login: { ip: "login", emailFromIp: "login-failures-from-ip", email: "login-failures", device: "login-failures-of-device" },
  code: { ip: "code-check", emailFromIp: "code-failures-from-ip" },
} as const;

const refuseGuess = (retryAfterSeconds: number) => tooManyRequests(MSG.accounts.tooManyAttempts, retryAfterSeconds);

/**
 * Counts a guess against the client address, and its failure against the e-mail from that address; 429 when either
 * is spent. Failure budgets are spent up front, atomically, so parallel guesses cannot overrun them; a right guess
 * gives its share back. Answers the key of the failure counted.
 */
async function admitFromAddress(db: Db, clock: Clock, kind: keyof typeof GUESS_KEYS, clientIp: string, email: string) {
  const limits = GUESS_LIMITS[kind];
  const keys = GUESS_KEYS[kind];
  const fromIp = await hit(db.kysely, clock, keyFor(keys.ip, "ip", clientIp), limits.ip);
  if (!fromIp.allowed) throw refuseGuess(fromIp.retryAfterSeconds);
  const pairKey = keyFor(keys.emailFromIp, email, clientIp);
  const fromPair = await hit(db.kysely, clock, pairKey, limits.emailFromIp);
  if (!fromPair.allowed) throw refuseGuess(fromPair.retryAfterSeconds);
  return pairKey;
}

/**
 * Admits a password guess for `email` or answers 429. `device` is the nonce of the client's device token when it
 * holds a valid one for this e-mail (`verifyDeviceToken`): then only that device's own failures count, and only it is
 * refused once they are spent. Without one, the address's budgets and the e-mail's budget for untrusted clients apply.
 */
export async function admitLogin(db: Db, clock: Clock, clientIp: string, email: string, device: string | null): Promise<GuessAttempt> {
  const keys = GUESS_KEYS.login;
  if (device !== null) {
    const deviceKey = keyFor(keys.device, device);
    const ofDevice = await hit(db.kysely, clock, deviceKey, GUESS_LIMITS.login.device);
    if (!ofDevice.allowed) throw refuseGuess(ofDevice.retryAfterSeconds);
    return { passed: () => unhit(db.kysely, deviceKey) };
  }
  const pairKey = await admitFromAddress(db, clock, "login", clientIp, email);
  const emailKey = keyFor(keys.email, email);
  const forEmail = await hit(db.kysely, clock, emailKey, GUESS_LIMITS.login.email);
  if (!forEmail.allowed) {
    // Not heard, so not a failure of this address.
    await unhit(db.kysely, pairKey);
    throw refuseGuess(forEmail.retryAfterSeconds);
  }
  return {
    async passed() {
      await unhit(db.kysely, pairKey);
      await unhit(db.kysely, emailKey);
    },
  };
}

/** The same, for a request: the client's IP as the API sees it and the device token it sent (`API_HEADERS.device`). */
export async function admitLoginFrom(c: Context<ApiEnv>, email: string): Promise<GuessAttempt> {
  const { db, clock } = c.var.deps;
  const device = verifyDeviceToken(await deviceTokenKey(db, clock), c.req.header(API_HEADERS.device), email, clock.now());
  return admitLogin(db, clock, c.var.clientIp, email, device);
}

/** Admits a check of a one-time code for `email` from the client address, or answers 429. */
export async function admitCodeCheck(db: Db, clock: Clock, clientIp: string, email: string): Promise<GuessAttempt> {
  const pairKey = await admitFromAddress(db, clock, "code", clientIp, email);
  return { passed: () => unhit(db.kysely, pairKey) };
}

/** The same, for a request: the client's IP as the API sees it (`c.var.clientIp`). */
export const admitCodeCheckFrom = (c: Context<ApiEnv>, email: string) =>
  admitCodeCheck(c.var.deps.db, c.var.deps.clock, c.var.clientIp, email);

/**
 * Ends the e-mail's spent login budget for untrusted clients: a password reset proved the mailbox, and the guesses
 * counted were at the password it replaces. Runs inside the reset's transaction.
 */
export async function clearLoginFailures(db: Queryable, email: string) {
  await db.deleteFrom("rate_limits").where("key", "=", keyFor(GUESS_KEYS.login.email, email)).execute();
}

/** Drops counters whose window has ended; run now and then so the table holds only live windows. */
export async function pruneRateLimits(db: Db, clock: Clock) {
  await db.kysely.deleteFrom("rate_limits").where("window_ends_at", "<=", isoNow(clock)).execute();
}
