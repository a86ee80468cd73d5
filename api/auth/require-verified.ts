import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "#api/core/env.ts";
import { needsVerification } from "./auth.service.ts";

/**
 * After `requireAuth`: the account's e-mail must be verified (the protected routes).
 * Answers the same 401 needsVerification as login, which the storefront turns into the verification screen.
 */
export const requireVerifiedEmail = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user.email_verified) throw needsVerification(c.var.user.email);
  await next();
});
