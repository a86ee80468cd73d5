import { z } from "zod";

/** Answers that only confirm: their `data` carries nothing, or the one fact the caller may show. */

/** Logout, password reset, code requests and checks, address removal: `data` is null. */
export const noDataSchema = z.null();

/** `POST /public/contact`: the stored message's id. */
export const contactReceiptSchema = z.object({ id: z.int() });

/** `POST /public/subscribe`: the address subscribed (new or already on the list). */
export const subscriptionSchema = z.object({ email: z.string() });
