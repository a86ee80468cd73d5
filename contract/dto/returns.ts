import type { z } from "zod";
import type {
  adminReturnSchema,
  adminReturnSummarySchema,
  differenceCheckoutSchema,
  orderReturnSchema,
  returnItemSchema,
  returnOptionsSchema,
  returnSchema,
} from "#contract/responses/returns.ts";

/** Return and claim answers' types, inferred from their schemas in contract/responses (type-only). */

export type ReturnItemDto = z.infer<typeof returnItemSchema>;
export type ReturnDto = z.infer<typeof returnSchema>;
export type OrderReturnDto = z.infer<typeof orderReturnSchema>;
export type ReturnOptionsDto = z.infer<typeof returnOptionsSchema>;
export type AdminReturnDto = z.infer<typeof adminReturnSchema>;
export type AdminReturnSummaryDto = z.infer<typeof adminReturnSummarySchema>;
export type DifferenceCheckoutDto = z.infer<typeof differenceCheckoutSchema>;
