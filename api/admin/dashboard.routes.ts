import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok, paginate } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { auditListQuery } from "#contract/schemas/admin-audit.ts";
import { listAuditLog } from "./audit-log.service.ts";
import { dashboardFigures } from "./dashboard.service.ts";
import { waitingItems } from "./waiting.service.ts";

/** `/admin/dashboard`: the figures of the back office's first page. Mounted under the admin guard. */
export const adminDashboardRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  const { db, clock, lowStockThreshold } = c.var.deps;
  return ok(c, await dashboardFigures(db, clock, lowStockThreshold), MSG.adminDashboard.fetched);
});

/** `/admin/audit`: the audit log, filtered and paged. Mounted under the admin guard. */
export const adminAuditRoutes = new Hono<ApiEnv>().get("/", validate("query", auditListQuery), async (c) => {
  const filter = c.req.valid("query");
  const { entries, total, actors, actions } = await listAuditLog(c.var.deps.db, filter);
  const pagination = paginate(total, filter.page, filter.limit);
  return ok(c, { entries, actors, actions, pagination }, MSG.adminAudit.fetched, { pagination });
});

/** `/admin/waiting`: the payments and e-mails the dashboard counts as waiting, item by item. Mounted under the admin guard. */
export const adminWaitingRoutes = new Hono<ApiEnv>().get("/", async (c) =>
  ok(c, await waitingItems(c.var.deps.db), MSG.adminDashboard.waitingFetched),
);
