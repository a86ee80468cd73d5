import { Hono } from "hono";
import { requireAuth, requireOperator } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import type { OperatorDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { adminOrderRoutes } from "./admin-orders.routes.ts";
import { adminReturnRoutes } from "./admin-returns.routes.ts";
import { adminAuditRoutes, adminDashboardRoutes, adminWaitingRoutes } from "./dashboard.routes.ts";
import { adminMessageRoutes } from "./messages.routes.ts";
import { adminProductRoutes } from "./products.routes.ts";
import { adminPromoRoutes } from "./promos.routes.ts";
import { adminReviewRoutes } from "./reviews.routes.ts";
import { adminSubscriberRoutes } from "./subscribers.routes.ts";

/**
 * The back office's API at `/admin/*`: every route needs an operator's token (401 without a live token, 403 for a
 * shopper's). Each section mounts its routes here, so none can be reached without the guard.
 */
export const adminRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireOperator)
  .get("/me", (c) => {
    const { id, name, email } = c.var.user;
    return ok(c, { id, name, email } satisfies OperatorDto, MSG.admin.operatorFetched);
  })
  .route("/dashboard", adminDashboardRoutes)
  .route("/audit", adminAuditRoutes)
  .route("/waiting", adminWaitingRoutes)
  .route("/orders", adminOrderRoutes)
  .route("/returns", adminReturnRoutes)
  .route("/products", adminProductRoutes)
  .route("/promos", adminPromoRoutes)
  .route("/reviews", adminReviewRoutes)
  .route("/messages", adminMessageRoutes)
  .route("/subscribers", adminSubscriberRoutes);
