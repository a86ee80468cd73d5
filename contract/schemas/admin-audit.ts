import { z } from "zod";
import { EMAIL_MAX, PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { emptyAsMissing, isoDay, PAGE_MAX } from "./admin-orders.ts";

/** The longest kind of change the audit log names (`order.status`, `customer.erase`). */
const ACTION_MAX = 64;

/** `GET /admin/audit`, the audit page's GET form and `audit:list`: every filter optional, blank meaning "any". */
export const auditListQuery = z
  .object({
    /** The operator's e-mail, whole (the CLI's own changes: `shop-cli:<system user>`). */
    actor: z.preprocess(emptyAsMissing, z.string().trim().max(EMAIL_MAX, MSG.adminAudit.actorTooLong(EMAIL_MAX)).optional()),
    /** A kind of change, whole: `order.status`. */
    action: z.preprocess(
      emptyAsMissing,
      z
        .string()
        .trim()
        .regex(new RegExp(`^[a-z][a-z._:-]{0,${ACTION_MAX - 1}}$`), MSG.adminAudit.badAction)
        .optional(),
    ),
    from: isoDay,
    to: isoDay,
    page: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(PAGE_MAX).default(1)),
    limit: z.preprocess(emptyAsMissing, z.coerce.number<string>().int().min(1).max(100).default(PAGE_SIZE.adminAudit)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], message: MSG.admin.orders.datesReversed });
export type AuditListQuery = z.infer<typeof auditListQuery>;
