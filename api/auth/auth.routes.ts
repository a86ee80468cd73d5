import { Hono } from "hono";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { requestCode } from "#api/otp/otp.service.ts";
import { admitCodeCheckFrom, admitLoginFrom, limitAction } from "#api/security/rate-limit.ts";
import type { AuthSessionDto } from "#contract/dto/account.ts";
import type { Envelope } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { emailRequestSchema, loginSchema, resetPasswordSchema, signupSchema } from "#contract/schemas/auth.ts";
import { logIn, resetPassword, revokeToken, signUp, toUserDto } from "./auth.service.ts";

export const authRoutes = new Hono<ApiEnv>()
  .post("/signup", validate("json", signupSchema), async (c) => {
    const input = c.req.valid("json");
    await limitAction(c, "signup", input.email);
    const session = await signUp(c.var.deps, input, c.var.clientIp);
    const body: Envelope<AuthSessionDto> & { needsVerification: true } = {
      success: true,
      data: session,
      message: MSG.auth.accountCreated,
      needsVerification: true,
    };
    return c.json(body, 201);
  })
  .post("/login", validate("json", loginSchema), async (c) => {
    const input = c.req.valid("json");
    const attempt = await admitLoginFrom(c, input.email);
    return ok(c, await logIn(c.var.deps, input, attempt), MSG.auth.welcomeBack);
  })
  .post("/logout", requireAuth, async (c) => {
    await revokeToken(c.var.deps.db, c.var.deps.clock, c.var.user.tokenId);
    return ok(c, null, MSG.accounts.loggedOut);
  })
  .get("/me", requireAuth, (c) => ok(c, { user: toUserDto(c.var.user) }, MSG.accounts.profileFetched))
  .post("/forgot-password", validate("json", emailRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    await limitAction(c, "codeRequest", email);
    await requestCode(c.var.deps, "reset", email, c.var.clientIp);
    return ok(c, null, MSG.accounts.resetCodeSentIfAccount);
  })
  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const input = c.req.valid("json");
    const attempt = await admitCodeCheckFrom(c, input.email);
    return ok(c, await resetPassword(c.var.deps, input, attempt), MSG.auth.passwordResetLogin);
  });
