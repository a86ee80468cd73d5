import { z } from "zod";
import { PAYMENT_METHODS, passesLuhn, WALLET_METHODS } from "#contract/checkout.ts";
import { CARD_NUMBER_DIGITS, CART_MAX_LINES, CART_MAX_QUANTITY, CVV_DIGITS, SHIPPING_METHOD } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * The checkout requests of the contract: `POST /public/validate-promo-code` and `POST /payments/process`.
 * Unknown fields are dropped: every price a client sends is ignored, the server prices from the catalogue.
 */

export const PROMO_CODE_MAX = 40;
const ID_MAX = Number.MAX_SAFE_INTEGER;
const recordId = z.coerce.number().int().positive().max(ID_MAX);
const gbp = z.number().nonnegative().max(1_000_000);

/** The code is required, sent trimmed and upper-cased. */
export const promoCodeField = z
  .string({ error: MSG.promo.required })
  .trim()
  .min(1, MSG.promo.required)
  .max(PROMO_CODE_MAX, MSG.promo.invalid)
  .transform((code) => code.toUpperCase());

export const validatePromoSchema = z.object({
  code: promoCodeField,
  /** The basket in GBP: goods with variant extras, without shipping. */
  cartTotal: gbp,
});

/** A cart line: `productId`, the variant as `variant.id` or `variantId`, `quantity`, `selectedFit`. */
const cartItemSchema = z
  .object({
    productId: recordId,
    variant: z.object({ id: recordId }).nullish(),
    variantId: recordId.nullish(),
    quantity: z.coerce.number().int().min(1).max(CART_MAX_QUANTITY),
    selectedFit: z.string().trim().max(40).nullish(),
  })
  .transform(({ productId, variant, variantId, quantity, selectedFit }, ctx) => {
    const chosen = variant?.id ?? variantId;
    if (chosen == null) {
      ctx.addIssue({ code: "custom", path: ["variantId"], message: MSG.payment.variantUnavailable });
      return z.NEVER;
    }
    return { productId, variantId: chosen, quantity, selectedFit: selectedFit || null };
  });
export type PaymentCartItem = z.infer<typeof cartItemSchema>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

export const cardDetailsSchema = z.object({
  cardholderName: z.string({ error: MSG.payment.cardholderRequired }).trim().min(1, MSG.payment.cardholderRequired).max(100),
  cardNumber: z
    .string({ error: MSG.payment.cardNumberRequired })
    .transform(digitsOnly)
    .pipe(
      z
        .string()
        .min(1, { error: MSG.payment.cardNumberRequired, abort: true })
        .regex(new RegExp(`^\\d{${CARD_NUMBER_DIGITS.min},${CARD_NUMBER_DIGITS.max}}$`), {
          error: MSG.payment.cardNumberInvalid,
          abort: true,
        })
        .refine(passesLuhn, MSG.payment.cardNumberInvalid),
    ),
  expiryDate: z
    .string({ error: MSG.payment.expiryRequired })
    .trim()
    .min(1, { error: MSG.payment.expiryRequired, abort: true })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, MSG.payment.expiryInvalid),
  cvv: z
    .string({ error: MSG.payment.cvvRequired })
    .trim()
    .min(1, { error: MSG.payment.cvvRequired, abort: true })
    .regex(new RegExp(`^\\d{${CVV_DIGITS.min},${CVV_DIGITS.max}}$`), MSG.payment.cvvInvalid),
});
export type CardDetails = z.infer<typeof cardDetailsSchema>;

/** The spec's same-as-billing flag: always true, as the shop bills every order to its shipping address (decision 0058). */
const sameAsBilling = z.literal(true, { error: MSG.payment.billingIsShipping }).default(true);

const paymentSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("credit_card"),
    // Absent details answer each field's own "is required" text.
    cardDetails: z.preprocess((value) => value ?? {}, cardDetailsSchema),
    paymentIntentId: z.string().max(200).nullish(),
    sameAsBilling,
  }),
  z.object({
    // Wallets skip card checks: card details, if any, are dropped.
    method: z.enum(WALLET_METHODS),
    paymentIntentId: z.string().max(200).nullish(),
    sameAsBilling,
  }),
]);

/** The payment request. Only `address.id`, the items' choices and `promoCode.code` are trusted. */
export const paymentRequestSchema = z.object({
  cart: z.object({ items: z.array(cartItemSchema).min(1).max(CART_MAX_LINES) }),
  address: z.object({ id: recordId }),
  shipping: z
    .object({
      // The method's id, or the method object.
      method: z.union([recordId, z.object({ id: recordId })]).transform((method) => (typeof method === "number" ? method : method.id)),
    })
    .refine((shipping) => shipping.method === SHIPPING_METHOD.id, { message: MSG.payment.shippingMethodInvalid, path: ["method"] }),
  payment: paymentSchema,
  promoCode: z.object({ code: promoCodeField }).nullish(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** A page of the shop the provider sends the shopper back to: an absolute http(s) URL. */
export const shopPageUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * `POST /payments/checkout-sessions`: the order as for a card payment, but no card details (the shopper gives
 * them to the provider); `returnUrl` gets the provider's `?session_id=`, `cancelUrl` is where Back on its page goes.
 */
export const hostedCheckoutRequestSchema = paymentRequestSchema.omit({ payment: true }).extend({
  payment: z.object({ method: z.enum(PAYMENT_METHODS), sameAsBilling }),
  returnUrl: shopPageUrlSchema,
  cancelUrl: shopPageUrlSchema,
});
export type HostedCheckoutRequest = z.infer<typeof hostedCheckoutRequestSchema>;

/** The query parameter the provider adds to `returnUrl`: the checkout's reference. */
export const CHECKOUT_RETURN_PARAM = "session_id";

/** A checkout reference in a URL: the provider's id shape, nothing else. */
export const checkoutReferenceSchema = z.string().regex(/^[A-Za-z0-9_]{8,200}$/);

/** The card of a card payment; null for wallets. */
export const cardOf = (request: PaymentRequest): CardDetails | null =>
  request.payment.method === "credit_card" ? request.payment.cardDetails : null;

/** The `Idempotency-Key` header: one per rendered payment form. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const idempotencyKeySchema = z
  .string({ error: MSG.payment.keyRequired })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, MSG.payment.keyRequired);
