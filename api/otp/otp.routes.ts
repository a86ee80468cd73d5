import { Hono } from "hono";
import { createFactory } from "hono/factory";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { admitCodeCheckFrom, limitAction } from "#api/security/rate-limit.ts";
import { MSG } from "#contract/messages.ts";
import { emailRequestSchema, verifyEmailSchema } from "#contract/schemas/auth.ts";
import { requestCode, verifyEmail } from "./otp.service.ts";

const factory = createFactory<ApiEnv>();

/** Send and resend do the same (a fresh code, after the cooldown); only their success message differs. */
const sendVerificationCode = (message: string) =>
  factory.createHandlers(validate("json", emailRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    await limitAction(c, "codeRequest", email);
    await requestCode(c.var.deps, "verify", email, c.var.clientIp);
    return ok(c, null, message);
  });

/** E-mail verification codes after sign-up. Password reset codes go through /public/auth/forgot-password. */
export const otpRoutes = new Hono<ApiEnv>()
  .post("/send", ...sendVerificationCode(MSG.otp.sent))
  .post("/resend", ...sendVerificationCode(MSG.otp.resent))
  .post("/verify", validate("json", verifyEmailSchema), async (c) => {
    const { email, otp } = c.req.valid("json");
    const attempt = await admitCodeCheckFrom(c, email);
    await verifyEmail(c.var.deps, email, otp, attempt);
    return ok(c, null, MSG.otp.emailVerifiedToast);
  });
