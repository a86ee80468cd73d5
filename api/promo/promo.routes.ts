import { Hono } from "hono";
import { optionalUser } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { toPence } from "#contract/money.ts";
import { validatePromoSchema } from "#contract/schemas/checkout.ts";
import { applyPromo, promoAppliedMessage, toPromoResult } from "./promo.service.ts";

/** `POST /public/validate-promo-code`: open to visitors; a signed-in shopper's per-customer rules apply too. */
export const promoRoutes = new Hono<ApiEnv>().post("/", validate("json", validatePromoSchema), async (c) => {
  const { code, cartTotal } = c.req.valid("json");
  const user = await optionalUser(c);
  const applied = await applyPromo(c.var.deps.db.kysely, c.var.deps.clock, code, toPence(cartTotal), user?.id);
  return ok(c, toPromoResult(applied), promoAppliedMessage(applied.discountPence));
});
