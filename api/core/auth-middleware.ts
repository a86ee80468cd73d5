import { createMiddleware } from "hono/factory";
import { MSG } from "#contract/messages.ts";
import { isoNow } from "./clock.ts";
import type { ApiEnv } from "./env.ts";
import { unauthorized } from "./errors.ts";
import { hashToken } from "./tokens.ts";

/** Requires `Authorization: Bearer <token>` naming a live, unrevoked token; sets `c.var.user`. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized(MSG.auth.authRequired);
  const { db, clock } = c.var.deps;
  const row = await db.kysely
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .select(["auth_tokens.id as tokenId", "users.id", "users.name", "users.email", "users.email_verified"])
    .where("auth_tokens.token_hash", "=", hashToken(match[1]))
    .where("auth_tokens.revoked_at", "is", null)
    .where("auth_tokens.expires_at", ">", isoNow(clock))
    .executeTakeFirst();
  if (!row) throw unauthorized(MSG.helper.unauthorized);
  c.set("user", { ...row, email_verified: row.email_verified === 1 });
  await next();
});
