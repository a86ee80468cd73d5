import type { z } from "zod";
import type {
  adminProductRowSchema,
  adminProductSchema,
  adminPromoSchema,
  adminReviewSchema,
  contactMessageSchema,
} from "#contract/responses/admin-catalogue.ts";

/** The back office's catalogue answers' types, inferred from their schemas in contract/responses (type-only). */

export type AdminProductRowDto = z.infer<typeof adminProductRowSchema>;
export type AdminProductDto = z.infer<typeof adminProductSchema>;
export type AdminPromoDto = z.infer<typeof adminPromoSchema>;
export type AdminReviewDto = z.infer<typeof adminReviewSchema>;
export type ContactMessageDto = z.infer<typeof contactMessageSchema>;
