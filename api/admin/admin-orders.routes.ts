import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok, paginate } from "#api/core/envelope.ts";
import { conflict, notFound, validationError } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { changeOrderStatus, type StatusChangeOptions } from "#api/orders/orders.service.ts";
import { openClaim } from "#api/returns/return-operations.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import type { OrderStatusChangeDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import {
  adminOrderListQuery,
  orderCodeParam,
  orderExportQuery,
  orderStatusChangeSchema,
  shipOrderSchema,
} from "#contract/schemas/admin-orders.ts";
import { claimRequestSchema } from "#contract/schemas/returns.ts";
import { adminOrderDetail, listAdminOrders } from "./admin-orders.service.ts";
import { exportOrders } from "./orders-export.service.ts";

/**
 * `/admin/orders`: the list with its filters, the export of a range of days (before `/:code`, which would take
 * "export" for a code), one order in full, and its moves (a status change; shipping with
 * carrier and tracking number), and a claim opened on it (201, the claim as `/admin/returns/{code}` answers it).
 * Mounted under the admin guard.
 */
export const adminOrderRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", adminOrderListQuery), async (c) => {
    const filter = c.req.valid("query");
    const { orders, total } = await listAdminOrders(c.var.deps.db, filter);
    const pagination = paginate(total, filter.page, filter.limit);
    return ok(c, { orders, pagination }, MSG.admin.orders.fetched, { pagination });
  })
  .get("/export", validate("query", orderExportQuery), async (c) =>
    ok(c, { orders: await exportOrders(c.var.deps.db, c.req.valid("query")) }, MSG.admin.orders.exported),
  )
  .get("/:code", validate("param", orderCodeParam), async (c) => {
    const order = await adminOrderDetail(c.var.deps.db, c.req.valid("param").code);
    if (!order) throw notFound(MSG.admin.orders.notFound);
    return ok(c, order, MSG.admin.orders.detailFetched);
  })
  .post("/:code/status", validate("param", orderCodeParam), validate("json", orderStatusChangeSchema), async (c) => {
    const { code } = c.req.valid("param");
    const { status } = c.req.valid("json");
    const { moved, message } = await move(c, code, status, {});
    return ok(c, moved, message);
  })
  .post("/:code/ship", validate("param", orderCodeParam), validate("json", shipOrderSchema), async (c) => {
    const { code } = c.req.valid("param");
    const { carrier, tracking_number: trackingNumber } = c.req.valid("json");
    const { moved, message } = await move(c, code, "shipped", { shipment: { carrier, trackingNumber } });
    return ok(c, moved, message);
  })
  .post("/:code/claims", validate("param", orderCodeParam), validate("json", claimRequestSchema), async (c) => {
    const { db, clock, outbox } = c.var.deps;
    const claim = await openClaim(db, clock, c.var.user, c.req.valid("param").code, c.req.valid("json"));
    outbox.kick();
    return ok(c, claim, MSG.adminReturns.claimOpened, { status: 201 });
  });

/**
 * Moves the order as the signed-in operator, and says so (and that a cancelled order's refund is still owed, when
 * the provider failed); a missing order is 404, a move its status does not allow 409.
 */
async function move(
  c: { var: ApiEnv["Variables"] },
  code: string,
  to: OrderStatus,
  options: Omit<StatusChangeOptions, "actor">,
): Promise<{ moved: OrderStatusChangeDto; message: string }> {
  const { db, clock, gateway, outbox, logger } = c.var.deps;
  const result = await changeOrderStatus(db, clock, gateway, code, to, { ...options, actor: c.var.user });
  if (result.ok) {
    // The shopper's e-mail about the move was enqueued with it: sent now rather than at the outbox's next pass.
    outbox.kick();
    const message = MSG.admin.orders.moved(code, result.from, result.to);
    if (result.refundFailure === undefined) return { moved: { code, from: result.from, to: result.to }, message };
    logger.warn({ err: result.refundFailure, orderCode: code }, "a cancelled order's refund failed; the recovery pass tries again");
    return { moved: { code, from: result.from, to: result.to }, message: `${message} ${MSG.admin.orders.refundPending}` };
  }
  if (result.reason === "not_found") throw notFound(MSG.admin.orders.notFound);
  if (result.reason === "shipment_required") {
    throw validationError(MSG.admin.orders.shipNeedsTracking, [{ path: "tracking_number", message: MSG.admin.orders.shipNeedsTracking }]);
  }
  throw conflict(MSG.admin.orders.cannotMove(code, result.from, to));
}
