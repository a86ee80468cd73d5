import { z } from "zod";
import { PAYMENT_METHODS } from "#contract/checkout.ts";
import { cardDetailsSchema, idempotencyKeySchema } from "#contract/schemas/checkout.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";

/**
 * The checkout's payment form: the chosen address, method and the render's idempotency key. In a server module,
 * so the checkout page's bundle does not keep zod for it.
 */
export const payFormSchema = z.object({
  address: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  method: z.enum(PAYMENT_METHODS),
  idempotencyKey: idempotencyKeySchema,
});

/** The card fields of a payment form, checked: the details, or each field's errors (in the shopper's words). */
export function parseCardFields(formData: FormData) {
  const card = cardDetailsSchema.safeParse(Object.fromEntries(formData), { error: shopperIssueText });
  if (card.success) return { card: card.data } as const;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of card.error.issues) {
    const name = String(issue.path[0]);
    fieldErrors[name] = [...(fieldErrors[name] ?? []), issue.message];
  }
  return { fieldErrors } as const;
}
