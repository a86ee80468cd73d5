import type { z } from "zod";

/**
 * The order page's claim form: one quantity field per order item (`quantity-<order item id>`), a reason, an
 * outcome, the goods-back box and a note. What was typed goes back on the form after a mistake; the request is
 * what `claimRequestSchema` parses: the items given a quantity, in the form's order.
 */

const QUANTITY_FIELD = /^quantity-(\d{1,15})$/;
/** More than a form of RETURN_LIMITS.itemsMax items posts is forged: the rest is not read. */
const FIELDS_MAX = 200;
const TYPED_MAX = 2000;

export const claimQuantityField = (orderItemId: number) => `quantity-${orderItemId}`;

export interface ClaimFormValues {
  reason: string;
  outcome: string;
  goods_back: boolean;
  note: string;
  /** By order item id, as typed. */
  quantities: Record<string, string>;
}

export type ClaimFormErrors = Partial<Record<"reason" | "outcome" | "note" | "items", string[]>> & {
  /** By order item id. */
  quantities?: Record<string, string[]>;
};

const text = (value: FormDataEntryValue | null, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/** What the claim form posted, bounded, as it goes back on the form. */
export function claimFormValues(formData: FormData): ClaimFormValues {
  const quantities: Record<string, string> = {};
  let seen = 0;
  for (const [name, value] of formData) {
    const match = QUANTITY_FIELD.exec(name);
    if (!match || seen++ >= FIELDS_MAX) continue;
    quantities[match[1] ?? ""] = text(value, 16).trim();
  }
  return {
    reason: text(formData.get("reason"), 64),
    outcome: text(formData.get("outcome"), 64),
    goods_back: formData.get("goods_back") === "on",
    note: text(formData.get("note"), TYPED_MAX),
    quantities,
  };
}

/** The claim request of the form's values: items left empty or at 0 are not claimed. */
export function claimRequestOf(values: ClaimFormValues) {
  return {
    reason: values.reason,
    outcome: values.outcome,
    goods_back: values.goods_back,
    note: values.note,
    items: Object.entries(values.quantities)
      .filter(([, quantity]) => quantity !== "" && quantity !== "0")
      .map(([orderItemId, quantity]) => ({ order_item_id: orderItemId, quantity })),
  };
}

const OWN_FIELDS = ["reason", "outcome", "note"] as const;

/**
 * A failed parse of `request` as the form shows it: a quantity's mistake on its item, the reason's, outcome's and
 * note's on theirs, anything else about the items (none chosen, too many) above them.
 */
export function claimFormErrors(error: z.ZodError, request: ReturnType<typeof claimRequestOf>): ClaimFormErrors {
  const errors: ClaimFormErrors = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const item = field === "items" && typeof index === "number" ? request.items[index] : undefined;
    if (item) {
      const id = item.order_item_id;
      errors.quantities = { ...errors.quantities, [id]: [...(errors.quantities?.[id] ?? []), issue.message] };
      continue;
    }
    const own = OWN_FIELDS.find((name) => name === field) ?? "items";
    errors[own] = [...(errors[own] ?? []), issue.message];
  }
  return errors;
}
