/**
 * The return form's field names, shared by the page and its action. One post holds a row per item of the order,
 * named by the order item's id (flat names: no nesting for the form limits to count), and the one reason.
 */
export const RETURN_FORM_FIELDS = {
  reason: "reason",
  quantity: (orderItemId: number) => `quantity-${orderItemId}`,
  resolution: (orderItemId: number) => `resolution-${orderItemId}`,
  exchange: (orderItemId: number) => `exchange-${orderItemId}`,
} as const;

/** What the action answers a refused post with: what was typed (to put back) and the errors by field name. */
export interface ReturnFormReply {
  values: Record<string, string>;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/** The return form's own path for an order (`/orders/:orderId/return`). */
export const returnFormHref = (orderId: number) => `/orders/${orderId}/return`;
