import { z } from "zod";

/** The two forms of a hosted order waiting for payment (the held page, MY ORDERS): which order, and what to do. */
export const heldOrderFormSchema = z.object({
  intent: z.enum(["pay-order", "cancel-order"]),
  order: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
