import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { badRequest } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { sendInBackground } from "#api/mail/mailer.ts";
import { enforceCooldown, type GuessAttempt, withinCodeMailLimit } from "#api/security/rate-limit.ts";
import { OTP_LENGTH, OTP_POLICY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * One-time codes (ASVS 5.0 6.6): 6 digits from the CSPRNG, stored only as a digest bound to the
 * purpose and the e-mail, valid for 10 minutes, single use; a new code replaces the previous one of
 * the same purpose. Each code takes `OTP_POLICY.triesPerCode` checks and then dies, whoever made them,
 * and a new one can always be asked for (decision 0053): guessing is bounded per code, never by a budget
 * of the e-mail's that would refuse the owner's real code. The digest keeps a database reader from using
 * live codes directly.
 */
export type CodePurpose = "verify" | "reset";
export type CodeCheck = "ok" | "invalid" | "expired" | "spent";

const digest = (purpose: CodePurpose, email: string, code: string) => createHash("sha256").update(`${purpose}:${email}:${code}`).digest();

/** A new code that replaces the previous one: run it in a transaction, so there is never none or two. */
export async function issueCode(trx: Queryable, clock: Clock, email: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, "0");
  await trx.deleteFrom("one_time_codes").where("email", "=", email).where("purpose", "=", purpose).execute();
  await trx
    .insertInto("one_time_codes")
    .values({
      email,
      purpose,
      code_hash: digest(purpose, email, code).toString("hex"),
      created_at: isoNow(clock),
      expires_at: isoIn(clock, OTP_POLICY.ttlMs),
    })
    .execute();
  return code;
}

/** Checks a code against the live one and, when right, uses it up. */
export async function consumeCode(db: Db, clock: Clock, email: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const row = await liveCode(db.kysely, email, purpose);
  if (!row) return "invalid";
  if (row.expires_at <= isoNow(clock)) return "expired";
  // One of the code's tries is taken before the comparison, in one conditional statement: parallel guesses cannot overrun them.
  const tried = await db.kysely
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("attempts", "<", OTP_POLICY.triesPerCode)
    .executeTakeFirst();
  if (tried.numUpdatedRows !== 1n) return "spent";
  if (!timingSafeEqual(digest(purpose, email, code), Buffer.from(row.code_hash, "hex"))) return "invalid";
  // Conditional update: of two simultaneous uses of one code, only one wins.
  const used = await db.kysely
    .updateTable("one_time_codes")
    .set({ consumed_at: isoNow(clock) })
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n ? "ok" : "invalid";
}

/** The newest unused code of this e-mail and purpose, expired or spent or not. */
const liveCode = (db: Queryable, email: string, purpose: CodePurpose) =>
  db
    .selectFrom("one_time_codes")
    .select(["id", "code_hash", "expires_at", "attempts"])
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();

const CODE_FAILURES = {
  invalid: MSG.otp.invalid,
  expired: MSG.accounts.codeExpired,
  spent: MSG.accounts.codeSpent,
} as const;

/** The 400 answer for a code that did not pass. */
export const codeRejected = (check: Exclude<CodeCheck, "ok">) => badRequest(CODE_FAILURES[check]);

/**
 * Starts a code for `email` whether or not an account can use it, and mails it only to one that can:
 * answers, answer times and later code checks are then the same for every address (no enumeration).
 * Nobody is refused for what others asked (decision 0033): the cooldown is this client address's own,
 * and past the e-mail's mail budget the request changes and mails nothing while a code is live, so the
 * newest code in the mailbox still works; with none live (expired, used, or spent by wrong tries), a new
 * one is mailed all the same (decision 0053).
 */
export async function requestCode(deps: ApiDeps, purpose: CodePurpose, email: string, clientIp: string) {
  const { db, clock } = deps;
  await enforceCooldown(db, clock, purpose, email, clientIp, OTP_POLICY.resendCooldownMs);
  if (!(await withinCodeMailLimit(db.kysely, clock, purpose, email))) {
    const live = await liveCode(db.kysely, email, purpose);
    if (live && live.expires_at > isoNow(clock) && live.attempts < OTP_POLICY.triesPerCode) return;
  }
  const code = await db.kysely.transaction().execute((trx) => issueCode(trx, clock, email, purpose));
  const user = await db.kysely.selectFrom("users").select(["name", "email_verified"]).where("email", "=", email).executeTakeFirst();
  if (purpose === "verify" && user && !user.email_verified) sendInBackground(deps, "verificationCode", email, { name: user.name, code });
  if (purpose === "reset" && user) sendInBackground(deps, "resetCode", email, { name: user.name, code });
}

/** Marks the e-mail verified when the verification code is right. */
export async function verifyEmail(deps: ApiDeps, email: string, code: string, attempt: GuessAttempt) {
  const { db, clock } = deps;
  const check = await consumeCode(db, clock, email, "verify", code);
  if (check !== "ok") throw codeRejected(check);
  await attempt.passed();
  const updated = await db.kysely
    .updateTable("users")
    .set({ email_verified: 1, updated_at: isoNow(clock) })
    .where("email", "=", email)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw codeRejected("invalid");
}

/** Drops codes that ended more than a day ago (used or expired); their answers no longer matter. */
export async function pruneCodes(db: Db, clock: Clock) {
  await db.kysely
    .deleteFrom("one_time_codes")
    .where("expires_at", "<=", isoIn(clock, -24 * 60 * 60 * 1000))
    .execute();
}
