import { type Clock, isoIn, isoNow } from "#api/core/clock.ts";
import type { ApiDeps } from "#api/core/env.ts";
import { ApiError, unauthorized } from "#api/core/errors.ts";
import { hashToken, newOpaqueToken } from "#api/core/tokens.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import type { User } from "#api/db/schema.ts";
import { sendInBackground } from "#api/mail/mailer.ts";
import { codeRejected, consumeCode, issueCode } from "#api/otp/otp.service.ts";
import { issueDeviceToken } from "#api/security/device-tokens.ts";
import { hashPassword, needsRehash, verifyPassword } from "#api/security/passwords.ts";
import { clearLoginFailures, type GuessAttempt, startCooldown } from "#api/security/rate-limit.ts";
import { AUTH_TOKEN_TTL_MS, OTP_POLICY } from "#contract/constants.ts";
import type { AuthSessionDto, DeviceGrantDto, UserDto } from "#contract/dto/account.ts";
import { MSG } from "#contract/messages.ts";
import type { LoginInput, ResetPasswordInput, SignupInput } from "#contract/schemas/auth.ts";

export const toUserDto = (user: Pick<User, "id" | "name" | "email"> & { email_verified: 0 | 1 | boolean }): UserDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  email_verified: user.email_verified === 1 || user.email_verified === true,
});

/** 401 that the storefront's helper rethrows so the shopper is sent to e-mail verification. */
export const needsVerification = (email: string) =>
  new ApiError(401, "UNAUTHORIZED", MSG.auth.verifyToContinue, { extra: { needsVerification: true, email } });

/** A new bearer token for the user: only its digest is stored; it dies at expiry, logout or password reset. */
export async function issueToken(db: Queryable, clock: Clock, userId: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto("auth_tokens")
    .values({ user_id: userId, token_hash: hashToken(token), created_at: isoNow(clock), expires_at: isoIn(clock, AUTH_TOKEN_TTL_MS) })
    .execute();
  return token;
}

type NewAccount = Pick<User, "id" | "name" | "email">;

/**
 * The rows that start an unverified account's verification: its code (and the resend cooldown it
 * starts, like any code sent) and a bearer token. Runs inside the caller's transaction.
 */
async function startVerification(trx: Queryable, clock: Clock, user: NewAccount, clientIp: string) {
  await startCooldown(trx, clock, "verify", user.email, clientIp, OTP_POLICY.resendCooldownMs);
  const code = await issueCode(trx, clock, user.email, "verify");
  return { code, token: await issueToken(trx, clock, user.id) };
}

const emailTaken = () =>
  new ApiError(409, "CONFLICT", MSG.accounts.emailTaken, { details: [{ path: "email", message: MSG.accounts.emailTaken }] });

/**
 * Creates an unverified account with its code and token in one transaction, then mails the code and
 * signs it in. The same sign-up again, with the password of an account that was never verified,
 * finishes that sign-up instead (a new code, mailed, and a token); any other taken e-mail is a 409,
 * verified or not, with the same password work either way.
 */
export async function signUp(deps: ApiDeps, input: SignupInput, clientIp: string): Promise<AuthSessionDto> {
  const { db, clock } = deps;
  const passwordHash = await hashPassword(input.password);
  const now = isoNow(clock);
  const created = await db.kysely.transaction().execute(async (trx) => {
    // ON CONFLICT DO NOTHING: two simultaneous sign-ups for one address cannot both win, and neither fails with a 500.
    const user = await trx
      .insertInto("users")
      .values({ name: input.name, email: input.email, password_hash: passwordHash, email_verified: 0, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .returning(["id", "name", "email"])
      .executeTakeFirst();
    return user && { user, ...(await startVerification(trx, clock, user, clientIp)) };
  });
  const started = created ?? (await resumeSignUp(deps, input, clientIp));
  // Only after the commit: a message never announces an account that was rolled back.
  sendInBackground(deps, "verificationCode", started.user.email, { name: started.user.name, code: started.code });
  const device = await issueDeviceToken(db, clock, started.user.email);
  return { user: toUserDto({ ...started.user, email_verified: false }), token: started.token, device };
}

async function resumeSignUp(deps: ApiDeps, input: SignupInput, clientIp: string) {
  const { db, clock } = deps;
  const user = await db.kysely
    .selectFrom("users")
    .select(["id", "name", "email", "password_hash", "email_verified"])
    .where("email", "=", input.email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(user?.password_hash, input.password);
  if (!user || user.email_verified || !passwordMatches) throw emailTaken();
  const account = { id: user.id, name: user.name, email: user.email };
  return { user: account, ...(await db.kysely.transaction().execute((trx) => startVerification(trx, clock, account, clientIp))) };
}

/**
 * Checks the credentials; one 401 and message whatever was wrong (unknown e-mail or wrong password),
 * with the same hashing work either way. A right password on an unverified account answers
 * needsVerification and no token. A right one signs in with a new device token for the browser (decision 0053).
 */
export async function logIn(deps: ApiDeps, input: LoginInput, attempt: GuessAttempt): Promise<AuthSessionDto> {
  const { db, clock } = deps;
  const user = await db.kysely.selectFrom("users").selectAll().where("email", "=", input.email).executeTakeFirst();
  const passwordMatches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !passwordMatches) throw unauthorized(MSG.accounts.invalidCredentials);
  await attempt.passed();
  if (needsRehash(user.password_hash)) {
    await db.kysely
      .updateTable("users")
      .set({ password_hash: await hashPassword(input.password), updated_at: isoNow(clock) })
      .where("id", "=", user.id)
      .execute();
  }
  if (!user.email_verified) throw needsVerification(user.email);
  return {
    user: toUserDto(user),
    token: await issueToken(db.kysely, clock, user.id),
    device: await issueDeviceToken(db, clock, user.email),
  };
}

/**
 * Sets a new password when the reset code is right, verifies the e-mail (the code proved it) and signs
 * out every session. The code proved the mailbox, so the e-mail's spent login budget for untrusted clients ends,
 * and the browser that did it gets a device token: it signs in as a known device (decision 0053).
 */
export async function resetPassword(deps: ApiDeps, input: ResetPasswordInput, attempt: GuessAttempt): Promise<DeviceGrantDto> {
  const { db, clock } = deps;
  const check = await consumeCode(db, clock, input.email, "reset", input.otp);
  if (check !== "ok") throw codeRejected(check);
  await attempt.passed();
  const user = await db.kysely.selectFrom("users").select(["id", "name"]).where("email", "=", input.email).executeTakeFirst();
  if (!user) throw codeRejected("invalid");
  const passwordHash = await hashPassword(input.newPassword);
  const now = isoNow(clock);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, email_verified: 1, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    await trx.updateTable("auth_tokens").set({ revoked_at: now }).where("user_id", "=", user.id).where("revoked_at", "is", null).execute();
    await clearLoginFailures(trx, input.email);
  });
  sendInBackground(deps, "passwordChanged", input.email, { name: user.name });
  return { device: await issueDeviceToken(db, clock, input.email) };
}

/** Logout: the presented token stops working at once. */
export async function revokeToken(db: Db, clock: Clock, tokenId: number) {
  await db.kysely
    .updateTable("auth_tokens")
    .set({ revoked_at: isoNow(clock) })
    .where("id", "=", tokenId)
    .execute();
}
