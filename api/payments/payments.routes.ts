import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiDeps, ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { ApiError, badRequest } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { settleDifferenceCheckout } from "#api/returns/exchange-payments.ts";
import type { PaymentOptionsDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import {
  checkoutReferenceSchema,
  hostedCheckoutRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  paymentRequestSchema,
} from "#contract/schemas/checkout.ts";
import {
  cancelHeldOrder,
  type HostedDeps,
  handleCheckoutEvent,
  heldCheckoutOf,
  openHostedCheckout,
  payHeldOrder,
  returnFromCheckout,
  unavailableMethodsOf,
} from "./hosted-checkout.service.ts";
import { WebhookSignatureError } from "./hosted-gateway.ts";
import { paymentAttemptOf, processPayment } from "./payments.service.ts";
import { requireShopReturnUrls } from "./return-urls.ts";

const keyHeader = z.object({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: idempotencyKeySchema });
const keyParam = z.object({ key: idempotencyKeySchema });
const referenceParam = z.object({ reference: checkoutReferenceSchema });
const orderParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The deps of a shop whose gateway is hosted; other shops have no such route (404). */
function hostedDeps(c: Context<ApiEnv>): HostedDeps {
  const deps = c.var.deps;
  if (deps.gateway.kind !== "hosted") throw new ApiError(404, "NOT_FOUND", MSG.api.routeNotFound);
  return deps as HostedDeps;
}

/**
 * `POST /payments/process`: the signed-in shopper pays for the cart by card or wallet through a card gateway;
 * `data` is the order detail.
 * `POST /payments/checkout-sessions`: with a hosted gateway, the order written pending and the provider's page to pay on.
 * `POST /payments/checkout-sessions/:reference/return`: the shopper is back from that page; the order, confirmed if paid.
 * `GET /payments/orders/:id/checkout`: the shopper's hosted order, its checkout's page and hold while unpaid.
 * `POST /payments/orders/:id/checkout`: Pay now, the same order's open checkout (409 once it can no longer be paid).
 * `POST /payments/orders/:id/cancel`: Cancel this order, one still waiting for payment (409 once paid).
 * `GET /payments/attempts/:key`: where the shopper's own payment under that key stands (order once it exists).
 * Another shopper's order answers 404, as if it did not exist.
 */
export const paymentRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .post("/process", validate("header", keyHeader), validate("json", paymentRequestSchema), async (c) => {
    const deps = c.var.deps;
    // Card details never reach a shop whose provider takes them on its own page.
    if (deps.gateway.kind !== "card") throw badRequest(MSG.payment.payOnProviderPage);
    const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const order = await processPayment({ ...deps, gateway: deps.gateway }, c.var.user, key, c.req.valid("json"));
    return ok(c, order, MSG.payment.orderPlaced);
  })
  .post("/checkout-sessions", validate("header", keyHeader), validate("json", hostedCheckoutRequestSchema), async (c) => {
    const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const deps = hostedDeps(c);
    requireShopReturnUrls(deps.shopUrl, c.req.valid("json"));
    return ok(c, await openHostedCheckout(deps, c.var.user, key, c.req.valid("json")));
  })
  .post("/checkout-sessions/:reference/return", validate("param", referenceParam), async (c) => {
    return ok(c, await returnFromCheckout(hostedDeps(c), c.var.user.id, c.req.valid("param").reference));
  })
  .get("/orders/:id/checkout", validate("param", orderParam), async (c) => {
    return ok(c, await heldCheckoutOf(hostedDeps(c), c.var.user.id, c.req.valid("param").id), MSG.payment.checkoutFetched);
  })
  .post("/orders/:id/checkout", validate("param", orderParam), async (c) => {
    return ok(c, await payHeldOrder(hostedDeps(c), c.var.user.id, c.req.valid("param").id));
  })
  .post("/orders/:id/cancel", validate("param", orderParam), async (c) => {
    return ok(c, await cancelHeldOrder(hostedDeps(c), c.var.user.id, c.req.valid("param").id), MSG.payment.orderCancelled);
  })
  .get("/attempts/:key", validate("param", keyParam), async (c) => {
    const attempt = await paymentAttemptOf(c.var.deps, c.var.user.id, c.req.valid("param").key);
    return ok(c, attempt);
  });

/**
 * `POST /payments/webhooks/stripe`: Stripe's events, signed (`Stripe-Signature`); a bad or missing signature is
 * refused with 400 and changes nothing. A completed checkout confirms its order, an expired one releases it.
 */
export const paymentWebhookRoutes = new Hono<ApiEnv>().post("/stripe", async (c) => {
  const deps = hostedDeps(c);
  const signature = c.req.header("stripe-signature");
  if (!signature) throw badRequest(MSG.payment.webhookSignatureInvalid);
  const payload = await c.req.text();
  let event: Awaited<ReturnType<HostedDeps["gateway"]["verifyEvent"]>>;
  try {
    event = await deps.gateway.verifyEvent(payload, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    deps.logger.warn({ reason: error.message }, "refused a webhook whose signature does not check out");
    throw badRequest(MSG.payment.webhookSignatureInvalid);
  }
  const outcome = await handleCheckoutEvent(deps, event);
  // A checkout no order has may be an exchange's price difference.
  if (outcome === "unknown" && event.type !== "ignored") return ok(c, { outcome: await settleDifferenceCheckout(deps, event.reference) });
  return ok(c, { outcome });
});

/** `GET /public/payment-options`: which gateway runs and which payment methods it cannot take now. */
export const paymentOptionRoutes = new Hono<ApiEnv>().get("/", async (c) => ok(c, await paymentOptionsOf(c.var.deps)));

async function paymentOptionsOf(deps: ApiDeps): Promise<PaymentOptionsDto> {
  const { gateway } = deps;
  if (gateway.kind === "card") return { gateway: gateway.name, unavailable: [] };
  return { gateway: gateway.name, unavailable: await unavailableMethodsOf({ ...deps, gateway }) };
}
