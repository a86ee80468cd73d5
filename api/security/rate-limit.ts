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
 * Budgets of guesses at a secret of an e-mail's account: its password (login, decision 0008) or its
 * one-time code (decision 0033). Every attempt counts against the client address; only wrong guesses
 * count against the e-mail, and those of one client address apart from the rest, so strangers cannot
 * spend the owner's share. The slow per-e-mail budget bounds guessing spread over many addresses;
 * once it is spent, only addresses that have passed the password for that e-mail (or reset it)
 * recently are still heard.
 */
export const GUESS_LIMITS = {
  login: {
    ip: { hits: 30, windowMs: 15 * MINUTE },
    emailFromIp: { hits: 10, windowMs: 15 * MINUTE },
    email: { hits: 100, windowMs: 24 * 60 * MINUTE },
  },
  code: {
    ip: { hits: 30, windowMs: 15 * MINUTE },
    emailFromIp: { hits: 5, windowMs: 15 * MINUTE },
    email: { hits: 100, windowMs: 24 * 60 * MINUTE },
  },
} as const satisfies Record<string, { ip: Limit; emailFromIp: Limit; email: Limit }>;

export type GuessKind = keyof typeof GUESS_LIMITS;

/** How long an address that passed the password or reset it stays heard once an e-mail's guess budget is spent. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

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

/** Remembers that this client address passed the password check or reset the password for this e-mail. */
export async function rememberLoginAddress(db: Queryable, clock: Clock, email: string, clientIp: string) {
  // An expiring row among the counters: every instance sees it, and pruning drops it when it ends.
  await db
    .insertInto("rate_limits")
    .values({ key: keyFor("login-known", email, clientIp), hits: 0, window_ends_at: isoIn(clock, KNOWN_ADDRESS_MS) })
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

/** A guess let through to the check; `passed()` once it was right. */
export interface GuessAttempt {
  passed(): Promise<void>;
}

/** Rate-limit key prefixes of each kind of guess: the login's are those decision 0008 wrote, so live windows carry over. */
const GUESS_KEYS = {
  login: { ip: "login", emailFromIp: "login-failures-from-ip", email: "login-failures" },
  code: { ip: "code-check", emailFromIp: "code-failures-from-ip", email: "code-failures" },
} as const satisfies Record<GuessKind, Record<keyof (typeof GUESS_LIMITS)[GuessKind], string>>;

/**
 * Admits a guess at an e-mail's password or code within GUESS_LIMITS or answers 429. Failure budgets
 * are spent up front, atomically, so parallel guesses cannot overrun them; a right guess gives its share back.
 */
export async function admitGuess(db: Db, clock: Clock, kind: GuessKind, clientIp: string, email: string): Promise<GuessAttempt> {
  const limits = GUESS_LIMITS[kind];
  const keys = GUESS_KEYS[kind];
  const refuse = (retryAfterSeconds: number) => tooManyRequests(MSG.accounts.tooManyAttempts, retryAfterSeconds);
  const fromIp = await hit(db.kysely, clock, keyFor(keys.ip, "ip", clientIp), limits.ip);
  if (!fromIp.allowed) throw refuse(fromIp.retryAfterSeconds);
  const pairKey = keyFor(keys.emailFromIp, email, clientIp);
  const fromPair = await hit(db.kysely, clock, pairKey, limits.emailFromIp);
  if (!fromPair.allowed) throw refuse(fromPair.retryAfterSeconds);
  const emailKey = keyFor(keys.email, email);
  const forEmail = await hit(db.kysely, clock, emailKey, limits.email);
  if (!forEmail.allowed && !(await isKnownLoginAddress(db.kysely, clock, email, clientIp))) {
    // Not heard, so not a failure of this address.
    await unhit(db.kysely, pairKey);
    throw refuse(forEmail.retryAfterSeconds);
  }
  return {
    async passed() {
      await unhit(db.kysely, pairKey);
      await unhit(db.kysely, emailKey);
      if (kind === "login") await rememberLoginAddress(db.kysely, clock, email, clientIp);
    },
  };
}

/** The same, for a request: the client's IP as the API sees it (`c.var.clientIp`). */
export const admitGuessFrom = (c: Context<ApiEnv>, kind: GuessKind, email: string) =>
  admitGuess(c.var.deps.db, c.var.deps.clock, kind, c.var.clientIp, email);

/**
 * Ends the e-mail's spent login budget: a password reset proved the mailbox, and the guesses counted
 * were at the password it replaces. Runs inside the reset's transaction.
 */
export async function clearLoginFailures(db: Queryable, email: string) {
  await db.deleteFrom("rate_limits").where("key", "=", keyFor(GUESS_KEYS.login.email, email)).execute();
}

/** Drops counters whose window has ended; run now and then so the table holds only live windows. */
export async function pruneRateLimits(db: Db, clock: Clock) {
  await db.kysely.deleteFrom("rate_limits").where("window_ends_at", "<=", isoNow(clock)).execute();
}
