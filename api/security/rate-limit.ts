import { createHash } from "node:crypto";
import type { Context } from "hono";
import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ApiError } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { MSG } from "#contract/messages.ts";

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

/** Per-IP and per-e-mail budgets of the account actions other than login (ASVS 5.0 6.3.1, anti-automation). */
const ACCOUNT_LIMITS = {
  signup: { ip: { hits: 10, windowMs: 60 * MINUTE }, email: { hits: 5, windowMs: 60 * MINUTE } },
  codeRequest: { ip: { hits: 20, windowMs: 60 * MINUTE }, email: { hits: 6, windowMs: 60 * MINUTE } },
  codeCheck: { ip: { hits: 30, windowMs: 15 * MINUTE }, email: { hits: 10, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, { ip: Limit; email: Limit }>;

export type AccountAction = keyof typeof ACCOUNT_LIMITS;

/**
 * Login budgets (decision 0008). Only failed passwords count against an e-mail, and those of one
 * client address apart from the rest, so strangers cannot lock an owner out; every attempt counts
 * against the client address. The slow per-e-mail budget bounds guessing spread over many
 * addresses; once it is spent, only addresses that have passed the password for that e-mail
 * (or reset it) recently are still heard.
 */
export const LOGIN_LIMITS = {
  ip: { hits: 30, windowMs: 15 * MINUTE },
  emailFromIp: { hits: 10, windowMs: 15 * MINUTE },
  email: { hits: 100, windowMs: 24 * 60 * MINUTE },
  knownAddressMs: 30 * 24 * 60 * MINUTE,
} as const;

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

/** Counts an account action against the client's IP and the e-mail it names; 429 when either is over budget. */
async function limitAccountAction(db: Db, clock: Clock, action: AccountAction, clientIp: string, email: string) {
  const limits = ACCOUNT_LIMITS[action];
  const results = [
    await hit(db.kysely, clock, keyFor(action, "ip", clientIp), limits.ip),
    await hit(db.kysely, clock, keyFor(action, "email", email), limits.email),
  ];
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

/** One request per `windowMs` for this key, whatever the outcome (the code resend cooldown); 429 inside it. */
export async function enforceCooldown(db: Db, clock: Clock, scope: string, subject: string, windowMs: number) {
  const result = await startCooldown(db.kysely, clock, scope, subject, windowMs);
  if (!result.allowed) throw tooManyRequests(MSG.accounts.codeCooldown, result.retryAfterSeconds);
}

/** Starts (or counts against) a cooldown without refusing: for actions that must go ahead, like sign-up's first code. */
export const startCooldown = (db: Queryable, clock: Clock, scope: string, subject: string, windowMs: number) =>
  hit(db, clock, keyFor(`cooldown-${scope}`, subject), { hits: 1, windowMs });

/** Takes back one hit counted by `hit` (an attempt that turned out not to count, such as a right password). */
async function unhit(db: Queryable, key: string) {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** Remembers that this client address passed the password check or reset the password for this e-mail. */
export async function rememberLoginAddress(db: Queryable, clock: Clock, email: string, clientIp: string) {
  // An expiring row among the counters: every instance sees it, and pruning drops it when it ends.
  await db
    .insertInto("rate_limits")
    .values({ key: keyFor("login-known", email, clientIp), hits: 0, window_ends_at: isoIn(clock, LOGIN_LIMITS.knownAddressMs) })
    .onConflict((conflict) => conflict.column("key").doUpdateSet((eb) => ({ window_ends_at: eb.ref("excluded.window_ends_at") })))
    .execute();
}

async function isKnownLoginAddress(db: Queryable, clock: Clock, email: string, clientIp: string) {
  const row = await db
    .selectFrom("rate_limits")
    .select("key")
    .where("key", "=", keyFor("login-known", email, clientIp))
    .where("window_ends_at", ">", isoNow(clock))
    .executeTakeFirst();
  return row !== undefined;
}

/** A login attempt let through to the password check; `passed()` once the password was right. */
export interface LoginAttempt {
  passed(): Promise<void>;
}

/**
 * Admits a login attempt within LOGIN_LIMITS or answers 429. Failure budgets are spent up front,
 * atomically, so parallel guesses cannot overrun them; a right password gives its share back.
 */
export async function admitLoginAttempt(db: Db, clock: Clock, clientIp: string, email: string): Promise<LoginAttempt> {
  const refuse = (retryAfterSeconds: number) => tooManyRequests(MSG.accounts.tooManyAttempts, retryAfterSeconds);
  const fromIp = await hit(db.kysely, clock, keyFor("login", "ip", clientIp), LOGIN_LIMITS.ip);
  if (!fromIp.allowed) throw refuse(fromIp.retryAfterSeconds);
  const pairKey = keyFor("login-failures-from-ip", email, clientIp);
  const fromPair = await hit(db.kysely, clock, pairKey, LOGIN_LIMITS.emailFromIp);
  if (!fromPair.allowed) throw refuse(fromPair.retryAfterSeconds);
  const emailKey = keyFor("login-failures", email);
  const forEmail = await hit(db.kysely, clock, emailKey, LOGIN_LIMITS.email);
  if (!forEmail.allowed && !(await isKnownLoginAddress(db.kysely, clock, email, clientIp))) {
    // Not heard, so not a failure of this address.
    await unhit(db.kysely, pairKey);
    throw refuse(forEmail.retryAfterSeconds);
  }
  return {
    async passed() {
      await unhit(db.kysely, pairKey);
      await unhit(db.kysely, emailKey);
      await rememberLoginAddress(db.kysely, clock, email, clientIp);
    },
  };
}

/** The same, for a request: the client's IP as the API sees it (`c.var.clientIp`). */
export const admitLogin = (c: Context<ApiEnv>, email: string) => admitLoginAttempt(c.var.deps.db, c.var.deps.clock, c.var.clientIp, email);

/** Drops counters whose window has ended; run now and then so the table holds only live windows. */
export async function pruneRateLimits(db: Db, clock: Clock) {
  await db.kysely.deleteFrom("rate_limits").where("window_ends_at", "<=", isoNow(clock)).execute();
}
