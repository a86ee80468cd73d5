import { z } from "zod";
import { EMAIL_MAX, PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import {
  CLAIM_OUTCOME_IDS,
  CLAIM_REASON_IDS,
  RETURN_CODE_PATTERN,
  RETURN_KINDS,
  RETURN_LIMITS,
  RETURN_REASON_IDS,
  RETURN_RESOLUTIONS,
  RETURN_STATES,
} from "#contract/returns.ts";
import { shopPageUrlSchema } from "#contract/schemas/checkout.ts";

/** What the return form, the back office's return and claim forms post, and the API accepts. */

const PAGE_MAX = 100_000;
const emptyAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);
const recordId = z.coerce.number<string>().int().positive().max(Number.MAX_SAFE_INTEGER);
const quantity = z.coerce.number<string>({ error: MSG.returns.quantityInvalid }).int(MSG.returns.quantityInvalid).min(1).max(1000);
/** A checkbox posts "on" or nothing; JSON sends a boolean. */
const checkbox = z.preprocess((value) => (value === "on" ? true : value === undefined || value === "" ? false : value), z.boolean());
const distinctItems = (items: readonly { order_item_id: number }[]) =>
  new Set(items.map((item) => item.order_item_id)).size === items.length;

/** A return's code in a path: trimmed and upper-cased. */
export const returnCodeParam = z.object({
  code: z.string().trim().toUpperCase().regex(RETURN_CODE_PATTERN, MSG.adminReturns.badCode),
});

/** `POST /public/orders/{id}/returns`: one reason, and for each item chosen how many and refund or exchange. */
export const returnRequestSchema = z.object({
  reason: z.enum(RETURN_REASON_IDS, MSG.returns.reasonRequired),
  items: z
    .array(
      z
        .object({
          order_item_id: recordId,
          quantity,
          resolution: z.enum(RETURN_RESOLUTIONS),
          /** The variant of the same product sent instead; required for an exchange, ignored for a refund. */
          exchange_variant_id: z.preprocess(emptyAsMissing, recordId.optional()),
        })
        .refine((item) => item.resolution === "refund" || item.exchange_variant_id !== undefined, {
          path: ["exchange_variant_id"],
          message: MSG.returns.exchangeVariantRequired,
        }),
    )
    .min(1, MSG.returns.nothingChosen)
    .max(RETURN_LIMITS.itemsMax)
    .refine(distinctItems, MSG.returns.duplicateItem),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** `POST /public/returns/{code}/checkout` (a hosted gateway): the shop's pages the provider sends the shopper back to. */
export const differenceCheckoutRequestSchema = z.object({
  returnUrl: shopPageUrlSchema,
  cancelUrl: shopPageUrlSchema,
});
export type DifferenceCheckoutRequest = z.infer<typeof differenceCheckoutRequestSchema>;

/** `POST /admin/orders/{code}/claims`: what went wrong, with which items, and refund or replacement. */
export const claimRequestSchema = z.object({
  reason: z.enum(CLAIM_REASON_IDS, MSG.adminReturns.claimReasonRequired),
  outcome: z.enum(CLAIM_OUTCOME_IDS, MSG.adminReturns.claimOutcomeRequired),
  /** The operator asks for the goods back (a return label is mailed, and the claim waits for them). */
  goods_back: checkbox,
  note: z.preprocess(
    emptyAsMissing,
    z.string().trim().max(RETURN_LIMITS.noteMax, MSG.adminReturns.noteTooLong(RETURN_LIMITS.noteMax)).optional(),
  ),
  items: z
    .array(z.object({ order_item_id: recordId, quantity }))
    .min(1, MSG.returns.nothingChosen)
    .max(RETURN_LIMITS.itemsMax)
    .refine(distinctItems, MSG.returns.duplicateItem),
});
export type ClaimRequest = z.infer<typeof claimRequestSchema>;

/** `POST /admin/returns/{code}/receive`: the return's items (return_items ids) that go back to stock; the others do not. */
export const receiveReturnSchema = z.object({
  restock: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(recordId).max(RETURN_LIMITS.itemsMax),
  ),
});
export type ReceiveReturnInput = z.infer<typeof receiveReturnSchema>;

/** `POST /admin/returns/{code}/refund`: the amount in pounds (the form offers what the return is owed). */
export const refundReturnSchema = z.object({
  amount: z.preprocess(
    // A form posts text and JSON a number; anything else (true, [10]) is no amount, however JavaScript would read it.
    (value) => {
      const given = emptyAsMissing(value);
      return given === undefined || typeof given === "string" || typeof given === "number" ? given : Number.NaN;
    },
    z.coerce
      .number({ error: MSG.adminReturns.refundAmountInvalid })
      .positive(MSG.adminReturns.refundAmountInvalid)
      .max(1_000_000, MSG.adminReturns.refundAmountInvalid)
      .multipleOf(0.01, MSG.adminReturns.refundAmountInvalid),
  ),
});
export type RefundReturnInput = z.infer<typeof refundReturnSchema>;

/** `POST /admin/returns/{code}/reject`: the reason, mailed to the shopper. */
export const rejectReturnSchema = z.object({
  reason: z
    .string({ error: MSG.adminReturns.rejectionRequired })
    .trim()
    .min(1, MSG.adminReturns.rejectionRequired)
    .max(RETURN_LIMITS.rejectionMax, MSG.adminReturns.rejectionTooLong(RETURN_LIMITS.rejectionMax)),
});

/** `GET /admin/returns` and the list page's GET form: every filter optional. */
export const adminReturnListQuery = z.object({
  state: z.preprocess(emptyAsMissing, z.enum(RETURN_STATES, MSG.adminReturns.badState).optional()),
  kind: z.preprocess(emptyAsMissing, z.enum(RETURN_KINDS, MSG.adminReturns.badKind).optional()),
  /** A return code, an order code or (part of) a customer's e-mail. */
  q: z.preprocess(emptyAsMissing, z.string().trim().max(EMAIL_MAX, MSG.admin.orders.searchTooLong(EMAIL_MAX)).optional()),
  page: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(PAGE_MAX).default(1)),
  limit: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(100).default(PAGE_SIZE.adminOrders)),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuery>;
