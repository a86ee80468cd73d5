import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { ApiError, badRequest } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { requireShopReturnUrls } from "#api/payments/return-urls.ts";
import { MSG } from "#contract/messages.ts";
import { cardDetailsSchema, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "#contract/schemas/checkout.ts";
import { differenceCheckoutRequestSchema, returnCodeParam, returnRequestSchema } from "#contract/schemas/returns.ts";
import { openDifferenceCheckout, payDifferenceByCard, settleReturnCheckouts } from "./exchange-payments.ts";
import { returnById, shopperReturnDto } from "./return-records.ts";
import { ownReturn, registerReturn, returnOptions } from "./returns.service.ts";

const keyHeader = z.object({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: idempotencyKeySchema });

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
    const message = registered.difference?.status === "due" ? MSG.returns.registeredToPay : MSG.returns.registered;
    return ok(c, registered, message, { status: 201 });
  });

/**
 * `GET /public/returns/{code}`: one of the shopper's returns or claims (a price difference's open checkout asked
 * about first); anyone else's answers 404.
 * `POST /public/returns/{code}/payment`: pay the price difference by card (a card gateway; `Idempotency-Key`).
 * `POST /public/returns/{code}/checkout`: the provider's page to pay it on (a hosted gateway).
 */
export const returnRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/:code", validate("param", returnCodeParam), async (c) => {
    const { deps } = c.var;
    const ret = await ownReturn(deps.db.kysely, c.var.user.id, c.req.valid("param").code);
    await settleReturnCheckouts(deps, ret.id);
    return ok(c, await shopperReturnDto(deps.db.kysely, await returnById(deps.db.kysely, ret.id)), MSG.returns.fetched);
  })
  .post(
    "/:code/payment",
    validate("param", returnCodeParam),
    validate("header", keyHeader),
    validate("json", cardDetailsSchema),
    async (c) => {
      const { deps } = c.var;
      const { gateway } = deps;
      if (gateway.kind !== "card") throw badRequest(MSG.payment.payOnProviderPage);
      const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const ret = await payDifferenceByCard({ ...deps, gateway }, c.var.user.id, c.req.valid("param").code, key, c.req.valid("json"));
      return ok(c, ret, MSG.returns.differencePaidToast);
    },
  )
  .post(
    "/:code/checkout",
    validate("param", returnCodeParam),
    validate("header", keyHeader),
    validate("json", differenceCheckoutRequestSchema),
    async (c) => {
      const { deps } = c.var;
      const { gateway } = deps;
      if (gateway.kind !== "hosted") throw new ApiError(404, "NOT_FOUND", MSG.api.routeNotFound);
      requireShopReturnUrls(deps.shopUrl, c.req.valid("json"));
      const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      return ok(c, await openDifferenceCheckout({ ...deps, gateway }, c.var.user, c.req.valid("param").code, key, c.req.valid("json")));
    },
  );
