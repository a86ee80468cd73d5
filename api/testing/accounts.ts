import { issueToken, toUserDto } from "#api/auth/auth.service.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import { hashPassword } from "#api/security/passwords.ts";
import { admitLogin, GUESS_LIMITS } from "#api/security/rate-limit.ts";
import type { UserRole } from "#contract/constants.ts";

let serial = 0;

/**
 * A signed-in shopper (or, with `role`, an operator) for tests of other features: the account is written straight to the database
 * (no sign-up rate limits, no mail), verified unless told otherwise, with a fresh bearer token.
 */
export async function createSignedInUser(
  api: { db: Db; clock: Clock },
  options: { name?: string; email?: string; password?: string; verified?: boolean; role?: UserRole } = {},
) {
  serial += 1;
  const email = options.email ?? `shopper${serial}@example.com`;
  const password = options.password ?? "correct horse battery";
  const now = isoNow(api.clock);
  const row = await api.db.kysely
    .insertInto("users")
    .values({
      name: options.name ?? `Shopper ${serial}`,
      email,
      password_hash: await hashPassword(password),
      email_verified: options.verified === false ? 0 : 1,
      role: options.role ?? "shopper",
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "name", "email", "email_verified"])
    .executeTakeFirstOrThrow();
  return { user: toUserDto(row), token: await issueToken(api.db.kysely, api.clock, row.id), password };
}

/**
 * Spends `email`'s login budget for untrusted clients as strangers on many addresses would, each within its own
 * budget, without the password checks: every client without a device token for the account is then refused.
 */
export async function spendUntrustedLoginBudget(api: { db: Db; clock: Clock }, email: string, firstOctets = "10.0") {
  for (let n = 0; n < GUESS_LIMITS.login.email.hits; n++) {
    await admitLogin(api.db, api.clock, `${firstOctets}.${Math.floor(n / 200)}.${n % 200}`, email, null);
  }
}
