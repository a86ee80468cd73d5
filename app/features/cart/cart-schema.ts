import { z } from "zod";
import { CART_MAX_QUANTITY } from "#contract/constants.ts";

/** An empty form field means "not given". */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Colour, size and fit labels: short printable text (they ride in the cart cookie). */
const label = (max: number) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .max(max)
      .regex(/^[\p{L}\p{N} ',&()+./-]+$/u)
      .optional(),
  );
const lineId = z.string().min(1).max(120);
const redirectTo = z.string().optional();

export const CART_LABEL_MAX = { color: 40, size: 20, fit: 40 } as const;

/**
 * The one `/cart` form: an intent and its fields. `add` comes from product cards
 * (`source=card`) and the detail page (`source=detail`); the rest from the cart page.
 */
export const cartIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    source: z.enum(["card", "detail"]).default("card"),
    productId: recordId,
    variantId: z.preprocess(blankAsMissing, recordId.optional()),
    color: label(CART_LABEL_MAX.color),
    size: label(CART_LABEL_MAX.size),
    fit: label(CART_LABEL_MAX.fit),
    quantity: z.preprocess(blankAsMissing, z.coerce.number().int().min(1).max(CART_MAX_QUANTITY).default(1)),
    redirectTo,
  }),
  z.object({
    intent: z.literal("set"),
    lineId,
    /** Below 1 is refused with a message (Remove takes a line out). */
    quantity: z.preprocess(blankAsMissing, z.coerce.number().int().max(CART_MAX_QUANTITY)),
    redirectTo,
  }),
  z.object({ intent: z.literal("increment"), lineId, redirectTo }),
  z.object({ intent: z.literal("decrement"), lineId, redirectTo }),
  z.object({ intent: z.literal("remove"), lineId, redirectTo }),
  z.object({ intent: z.literal("clear"), redirectTo }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;
