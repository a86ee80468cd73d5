import type { z } from "zod";
import type {
  heldCheckoutSchema,
  hostedCheckoutSchema,
  orderDetailSchema,
  orderItemReviewSchema,
  orderItemSchema,
  orderSummarySchema,
  paymentAttemptSchema,
  paymentOptionsSchema,
  promoResultSchema,
} from "#contract/responses/order.ts";

/** Checkout and order answers' types, inferred from their schemas in contract/responses (type-only). */

export type PromoResultDto = z.infer<typeof promoResultSchema>;

export type OrderSummaryDto = z.infer<typeof orderSummarySchema>;

export type OrderItemDto = z.infer<typeof orderItemSchema>;

export type OrderItemReviewDto = z.infer<typeof orderItemReviewSchema>;

export type OrderDetailDto = z.infer<typeof orderDetailSchema>;

export type PaymentAttemptDto = z.infer<typeof paymentAttemptSchema>;

export type HostedCheckoutDto = z.infer<typeof hostedCheckoutSchema>;

export type HeldCheckoutDto = z.infer<typeof heldCheckoutSchema>;

export type PaymentOptionsDto = z.infer<typeof paymentOptionsSchema>;
