import { z } from "zod";
import { PAYMENT_METHODS } from "#contract/checkout.ts";
import { idempotencyKeySchema } from "#contract/schemas/checkout.ts";

/**
 * The checkout's payment form: the chosen address, method and the render's idempotency key. In a server module,
 * so the checkout page's bundle does not keep zod for it.
 */
export const payFormSchema = z.object({
  address: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  method: z.enum(PAYMENT_METHODS),
  idempotencyKey: idempotencyKeySchema,
});
