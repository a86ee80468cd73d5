import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { badRequest } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { sendInBackground } from "#api/mail/mailer.ts";
import { enforceCooldown } from "#api/security/rate-limit.ts";
import { OTP_LENGTH, OTP_POLICY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * One-time codes (ASVS 5.0 6.6): 6 digits from the CSPRNG, stored only as a digest bound to the
 * purpose and the e-mail, valid for 10 minutes, single use, dead after 5 wrong tries; a new code
 * replaces the previous one of the same purpose. The short life and the try and rate limits are
 * what protect a 6-digit space; the digest keeps a database reader from using live codes directly.
 */
export type CodePurpose = "verify" | "reset";
export type CodeCheck = "ok" | "invalid" | "expired" | "exhausted";

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

/** Checks a code and, when right, uses it up. A wrong code costs one of the code's tries. */
export async function consumeCode(db: Db, clock: Clock, email: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const row = await db.kysely
    .selectFrom("one_time_codes")
    .select(["id", "code_hash", "attempts", "expires_at"])
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return "invalid";
  if (row.expires_at <= isoNow(clock)) return "expired";
  if (row.attempts >= OTP_POLICY.maxAttempts) return "exhausted";
  if (!timingSafeEqual(digest(purpose, email, code), Buffer.from(row.code_hash, "hex"))) {
    await db.kysely
      .updateTable("one_time_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    return "invalid";
  }
  // Conditional update: of two simultaneous uses of one code, only one wins.
  const used = await db.kysely
    .updateTable("one_time_codes")
    .set({ consumed_at: isoNow(clock) })
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", OTP_POLICY.maxAttempts)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n ? "ok" : "invalid";
}

const CODE_FAILURES = {
  invalid: MSG.otp.invalid,
  expired: MSG.accounts.codeExpired,
  exhausted: MSG.accounts.codeExhausted,
} as const;

/** The 400 answer for a code that did not pass. */
export const codeRejected = (check: Exclude<CodeCheck, "ok">) => badRequest(CODE_FAILURES[check]);

/**
 * Starts a code for `email` whether or not an account can use it, and mails it only to one that can:
 * answers, answer times and later code checks are then the same for every address (no enumeration).
 */
export async function requestCode(deps: ApiDeps, purpose: CodePurpose, email: string) {
  const { db, clock } = deps;
  await enforceCooldown(db, clock, purpose, email, OTP_POLICY.resendCooldownMs);
  const code = await db.kysely.transaction().execute((trx) => issueCode(trx, clock, email, purpose));
  const user = await db.kysely.selectFrom("users").select(["name", "email_verified"]).where("email", "=", email).executeTakeFirst();
  if (purpose === "verify" && user && !user.email_verified) sendInBackground(deps, "verificationCode", email, { name: user.name, code });
  if (purpose === "reset" && user) sendInBackground(deps, "resetCode", email, { name: user.name, code });
}

/** Marks the e-mail verified when the verification code is right. */
export async function verifyEmail(deps: ApiDeps, email: string, code: string) {
  const { db, clock } = deps;
  const check = await consumeCode(db, clock, email, "verify", code);
  if (check !== "ok") throw codeRejected(check);
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
