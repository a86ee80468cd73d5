import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { returnCodeParam, returnRequestSchema } from "#contract/schemas/returns.ts";
import { registerReturn, returnOptions, shopperReturn } from "./returns.service.ts";

const orderParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * `/public/orders/{id}/returns`: what the return form offers for one of the shopper's orders, and registering a
 * return (201). Anyone else's order answers 404 as if it did not exist.
 */
export const orderReturnRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/:id/returns/options", validate("param", orderParam), async (c) => {
    const { db, clock } = c.var.deps;
    return ok(c, await returnOptions(db, clock, c.var.user.id, c.req.valid("param").id), MSG.returns.optionsFetched);
  })
  .post("/:id/returns", validate("param", orderParam), validate("json", returnRequestSchema), async (c) => {
    const { db, clock, outbox } = c.var.deps;
    const registered = await registerReturn(db, clock, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    // The label's e-mail was enqueued with the return: sent now rather than at the outbox's next pass.
    outbox.kick();
    return ok(c, registered, MSG.returns.registered, { status: 201 });
  });

/** `GET /public/returns/{code}`: one of the shopper's returns or claims; anyone else's answers 404. */
export const returnRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/:code", validate("param", returnCodeParam), async (c) => {
    return ok(c, await shopperReturn(c.var.deps.db, c.var.user.id, c.req.valid("param").code), MSG.returns.fetched);
  });
