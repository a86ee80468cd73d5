import { data } from "react-router";
import type { z } from "zod";
import { SHIP_FIELDS, type ShipErrors, type ShipReply } from "#app/features/admin/ship-form.tsx";
import { type ShipOrderInput, shipOrderSchema } from "#contract/schemas/admin-orders.ts";
import type { FormCallOutcome } from "../../api-client/form-api.server.ts";
import { redirectWithToast } from "../../session/session.server.ts";

/** The issues of a failed parse that sit on `fields`, by field (the others are the form's own). */
export function fieldErrorsOf<Field extends string>(error: z.ZodError, fields: readonly Field[]): Partial<Record<Field, string[]>> {
  const errors: Partial<Record<Field, string[]>> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field) errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/**
 * A ship form's post (an order, a return's exchange): parsed with the contract's ship schema, then `send`.
 * Success goes back to `here` with `shipped(input)` as a toast; mistakes come back with what was typed; a refusal
 * (the step is no longer open) goes back to `here` with the reason.
 */
export async function shipFromForm(
  request: Request,
  formData: FormData,
  here: string,
  send: (input: ShipOrderInput) => Promise<FormCallOutcome<unknown>>,
  shipped: (input: ShipOrderInput) => string,
) {
  const typed = {
    carrier: String(formData.get("carrier") ?? "").slice(0, 64),
    tracking_number: String(formData.get("tracking_number") ?? "").slice(0, 64),
  };
  const parsed = shipOrderSchema.safeParse(typed);
  if (!parsed.success) {
    const reply: ShipReply = { typed, errors: fieldErrorsOf(parsed.error, SHIP_FIELDS), formError: null };
    return data({ ship: reply }, { status: 400 });
  }
  const outcome = await send(parsed.data);
  if (outcome.ok) return redirectWithToast(request, here, "success", shipped(parsed.data), { status: 303 });
  if (outcome.status === 400) {
    const reply: ShipReply = { typed, errors: outcome.fieldErrors as ShipErrors, formError: outcome.formError };
    return data({ ship: reply }, { status: 400 });
  }
  return redirectWithToast(request, here, "error", outcome.formError ?? outcome.message, { status: 303 });
}
