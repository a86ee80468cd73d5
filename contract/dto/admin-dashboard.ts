import type { z } from "zod";
import type {
  adminDashboardSchema,
  adminWaitingSchema,
  auditEntrySchema,
  auditListSchema,
  salesFigureSchema,
} from "#contract/responses/admin-dashboard.ts";

/** The dashboard's and audit log's answers' types, inferred from their schemas in contract/responses (type-only). */

export type AdminDashboardDto = z.infer<typeof adminDashboardSchema>;
export type SalesFigureDto = z.infer<typeof salesFigureSchema>;
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export type AuditListDto = z.infer<typeof auditListSchema>;
export type AdminWaitingDto = z.infer<typeof adminWaitingSchema>;
