import type { z } from "zod";
import type {
  adminOrderDetailSchema,
  adminOrderSummarySchema,
  operatorSchema,
  orderExportSchema,
  orderStatusChangeResultSchema,
} from "#contract/responses/admin.ts";

/** Back-office answers' types, inferred from their schemas in contract/responses (type-only). */

export type OperatorDto = z.infer<typeof operatorSchema>;

export type AdminOrderSummaryDto = z.infer<typeof adminOrderSummarySchema>;

export type AdminOrderDetailDto = z.infer<typeof adminOrderDetailSchema>;

export type OrderStatusChangeDto = z.infer<typeof orderStatusChangeResultSchema>;

export type OrderExportRowDto = z.infer<typeof orderExportSchema>["orders"][number];
