import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, paymentRequestSchema } from "#contract/schemas/checkout.ts";
import { processPayment } from "./payments.service.ts";

const keyHeader = z.object({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: idempotencyKeySchema });

/** `POST /payments/process`: the signed-in shopper pays for the cart; `data` is the order detail. */
export const paymentRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .post("/process", validate("header", keyHeader), validate("json", paymentRequestSchema), async (c) => {
    const key = c.req.valid("header")[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const order = await processPayment(c.var.deps, c.var.user, key, c.req.valid("json"));
    return ok(c, order, MSG.payment.orderPlaced);
  });
