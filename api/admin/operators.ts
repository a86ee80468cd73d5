import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import { hashPassword } from "#api/security/passwords.ts";

/** What operator:create did: a new account, a shopper made an operator, or nothing (already an operator). */
export type OperatorCreation = "created" | "promoted" | "already_operator";

/**
 * Makes `email` an operator with `password` (hashed as at sign-up), its e-mail verified. A shopper's account with
 * that e-mail becomes an operator's: its password is replaced and its sessions end, so no token issued to the
 * shopper carries the new role.
 */
export async function createOperator(
  db: Db,
  clock: Clock,
  input: { name: string; email: string; password: string },
): Promise<OperatorCreation> {
  const passwordHash = await hashPassword(input.password);
  const now = isoNow(clock);
  return db.kysely.transaction().execute(async (trx): Promise<OperatorCreation> => {
    const existing = await trx.selectFrom("users").select(["id", "role"]).where("email", "=", input.email).executeTakeFirst();
    if (existing?.role === "operator") return "already_operator";
    if (existing) {
      await trx
        .updateTable("users")
        .set({ role: "operator", email_verified: 1, password_hash: passwordHash, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      await trx
        .updateTable("auth_tokens")
        .set({ revoked_at: now })
        .where("user_id", "=", existing.id)
        .where("revoked_at", "is", null)
        .execute();
      return "promoted";
    }
    await trx
      .insertInto("users")
      .values({
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        email_verified: 1,
        role: "operator",
        created_at: now,
        updated_at: now,
      })
      .execute();
    return "created";
  });
}
