import { z } from "zod";

/**
 * `GET /public/offers`: what the shop promises every visitor now. `first_purchase` is the live first-purchase
 * percentage (the code the welcome e-mail sends a new subscriber), or null while none runs or the live code takes
 * a fixed amount off.
 */
export const offersSchema = z.object({
  first_purchase: z.object({ percent: z.number().int().min(1).max(100) }).nullable(),
});
