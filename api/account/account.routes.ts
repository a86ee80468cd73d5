import { Hono } from "hono";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { unauthorized } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { admitLoginFrom } from "#api/security/rate-limit.ts";
import { MSG } from "#contract/messages.ts";
import { accountDeleteSchema } from "#contract/schemas/auth.ts";
import { deleteOwnAccount, exportAccountData } from "./account.service.ts";

/** The signed-in shopper's own data: a copy of it, and the account's deletion (decision 0057). */
export const accountRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get("/data", async (c) => {
    const { db, clock } = c.var.deps;
    const exported = await exportAccountData(db, clock, c.var.user.id);
    if (!exported) throw unauthorized(MSG.privacy.downloadFailed);
    return ok(c, exported, MSG.privacy.exported);
  })
  .post("/delete", validate("json", accountDeleteSchema), async (c) => {
    const { db, clock } = c.var.deps;
    // The password asked again is a guess like a login's: a stolen token must not be a way to try passwords.
    const attempt = await admitLoginFrom(c, c.var.user.email);
    const erased = await deleteOwnAccount(db, clock, c.var.user.id, c.req.valid("json").password);
    await attempt.passed();
    return ok(c, erased, MSG.privacy.deleted);
  });
