import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, paymentRequestSchema } from "#contract/schemas/checkout.ts";
import { paymentAttemptOf, processPayment } from "./payments.service.ts";

const keyHeader = z.object({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: idempotencyKeySchema });
const keyParam = z.object({ key: idempotencyKeySchema });

/**
 * `POST /payments/process`: the signed-in shopper pays for the cart; `data` is the order detail.
 * `GET /payments/attempts/:key`: where the shopper's own payment under that key stands (order once it exists).
 */
export const paymentRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .post("/process", validate("header", keyHeader), validate("json", paymentRequestSchema), async (c) => {
    const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const order = await processPayment(c.var.deps, c.var.user, key, c.req.valid("json"));
    return ok(c, order, MSG.payment.orderPlaced);
  })
  .get("/attempts/:key", validate("param", keyParam), async (c) => {
    const attempt = await paymentAttemptOf(c.var.deps, c.var.user.id, c.req.valid("param").key);
    return ok(c, attempt);
  });
