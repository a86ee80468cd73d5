import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { newPromoSchema } from "#api/operator/promo-admin.ts";
import { MSG } from "#contract/messages.ts";
import { adminPromoParamSchema } from "#contract/schemas/admin-catalogue.ts";
import { adminPromos, createAdminPromo, disableAdminPromo } from "./promos.service.ts";

/** The back office's promo codes: the list with uses, `promo:create`'s rules, disabling. */
export const adminPromoRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => ok(c, { promos: await adminPromos(c.var.deps.db) }, MSG.adminCatalogue.promosFetched))
  .post("/", validate("json", newPromoSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const promo = await createAdminPromo(db, clock, c.var.user, c.req.valid("json"));
    await catalogue.generation.check();
    return ok(c, promo, MSG.adminCatalogue.promoCreated(promo.code), { status: 201 });
  })
  .post("/:code/disable", validate("param", adminPromoParamSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const promo = await disableAdminPromo(db, clock, c.var.user, c.req.valid("param").code);
    await catalogue.generation.check();
    return ok(c, promo, MSG.adminCatalogue.promoDisabled(promo.code));
  });
