import type { ErrorDetail } from "#contract/envelope.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import { type ReturnRequest, returnRequestSchema } from "#contract/schemas/returns.ts";
import { RETURN_FORM_FIELDS, type ReturnFormReply } from "./return-form.ts";

/**
 * The return form's post as `POST /public/orders/{id}/returns` takes it. Every item of the order posts a row
 * (quantity, refund or exchange, the variant instead); a row whose quantity is 0 is not part of the return.
 * Errors of the request (`items.2.exchange_variant_id`) are put back on the row's own field.
 */
export type ReturnFormParse =
  | { ok: true; request: ReturnRequest; rows: number[]; values: Record<string, string> }
  | { ok: false; reply: ReturnFormReply };

const ROW_FIELD = /^(quantity|resolution|exchange)-(\d{1,15})$/;
const REQUEST_FIELDS = {
  quantity: RETURN_FORM_FIELDS.quantity,
  resolution: RETURN_FORM_FIELDS.resolution,
  exchange_variant_id: RETURN_FORM_FIELDS.exchange,
} as const;

/** The form's own fields as typed (nothing else a client adds), to put back into a refused form. */
function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && (name === RETURN_FORM_FIELDS.reason || ROW_FIELD.test(name))) values[name] = value;
  }
  return values;
}

export function parseReturnForm(formData: FormData): ReturnFormParse {
  const values = typedValues(formData);
  const rows: number[] = [];
  for (const name of Object.keys(values)) {
    const match = ROW_FIELD.exec(name);
    if (match?.[1] !== "quantity") continue;
    const quantity = values[name]?.trim();
    if (quantity && quantity !== "0") rows.push(Number(match[2]));
  }
  const payload = {
    reason: values[RETURN_FORM_FIELDS.reason],
    items: rows.map((id) => ({
      order_item_id: String(id),
      quantity: values[RETURN_FORM_FIELDS.quantity(id)],
      resolution: values[RETURN_FORM_FIELDS.resolution(id)],
      exchange_variant_id: values[RETURN_FORM_FIELDS.exchange(id)],
    })),
  };
  const parsed = returnRequestSchema.safeParse(payload, { error: shopperIssueText });
  if (parsed.success) return { ok: true, request: parsed.data, rows, values };
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return { ok: false, reply: refusedReply(values, rows, issues, []) };
}

/**
 * The form as refused, with `details` (the schema's issues or the API's VALIDATION_ERROR details, paths like
 * `items.0.quantity`) on their fields and anything else as the form's own error. `rows` are the order item ids
 * in the request's order.
 */
export function refusedReply(
  values: Record<string, string>,
  rows: readonly number[],
  details: readonly ErrorDetail[],
  formErrors: readonly string[],
): ReturnFormReply {
  const fieldErrors: Record<string, string[]> = {};
  const rest = [...formErrors];
  for (const detail of details) {
    const field = fieldOfPath(detail.path, rows);
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), detail.message];
    else rest.push(detail.message);
  }
  return { values, fieldErrors, formErrors: [...new Set(rest)] };
}

/** The form field a request path names: `reason`, or an item's quantity, resolution or variant; null for the rest. */
export function fieldOfPath(path: string, rows: readonly number[]): string | null {
  if (path === "reason") return RETURN_FORM_FIELDS.reason;
  const [list, index, key] = path.split(".");
  const orderItemId = list === "items" && index !== undefined ? rows[Number(index)] : undefined;
  if (orderItemId === undefined || !key || !Object.hasOwn(REQUEST_FIELDS, key)) return null;
  return REQUEST_FIELDS[key as keyof typeof REQUEST_FIELDS](orderItemId);
}
