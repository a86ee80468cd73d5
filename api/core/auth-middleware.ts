import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { MSG } from "#contract/messages.ts";
import { isoNow } from "./clock.ts";
import type { ApiEnv, AuthUser } from "./env.ts";
import { forbidden, unauthorized } from "./errors.ts";
import { hashToken } from "./tokens.ts";

const bearerToken = (c: Context<ApiEnv>) => /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];

/** The user of a live, unrevoked bearer token; undefined when the token is unknown, expired or revoked. */
async function userOfToken(c: Context<ApiEnv>, token: string): Promise<AuthUser | undefined> {
  const { db, clock } = c.var.deps;
  const row = await db.kysely
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .select(["auth_tokens.id as tokenId", "users.id", "users.name", "users.email", "users.email_verified", "users.role"])
    .where("auth_tokens.token_hash", "=", hashToken(token))
    .where("auth_tokens.revoked_at", "is", null)
    .where("auth_tokens.expires_at", ">", isoNow(clock))
    .executeTakeFirst();
  return row && { ...row, email_verified: row.email_verified === 1 };
}

/** Requires `Authorization: Bearer <token>` naming a live, unrevoked token; sets `c.var.user`. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const token = bearerToken(c);
  if (!token) throw unauthorized(MSG.auth.authRequired);
  const user = await userOfToken(c, token);
  if (!user) throw unauthorized(MSG.helper.unauthorized);
  c.set("user", user);
  await next();
});

/** Requires a live token of an operator (the back office); a shopper's token is 403. Use after `requireAuth`. */
export const requireOperator = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.var.user.role !== "operator") throw forbidden(MSG.admin.operatorsOnly);
  await next();
});

/** For public calls that say more to a signed-in shopper: the token's user, or undefined for a visitor (or a dead token). */
export async function optionalUser(c: Context<ApiEnv>): Promise<AuthUser | undefined> {
  const token = bearerToken(c);
  return token ? userOfToken(c, token) : undefined;
}
