import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok, paginate } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { adminReturnDetail, listReturns, receiveReturn, refundReturn, rejectReturn, shipReturn } from "#api/returns/return-operations.ts";
import { MSG } from "#contract/messages.ts";
import { formatGbp, toPence } from "#contract/money.ts";
import { shipOrderSchema } from "#contract/schemas/admin-orders.ts";
import {
  adminReturnListQuery,
  receiveReturnSchema,
  refundReturnSchema,
  rejectReturnSchema,
  returnCodeParam,
} from "#contract/schemas/returns.ts";

/**
 * `/admin/returns`: the returns and claims list, one in full, and its steps (receive, refund, ship, reject), each
 * answering the return as it is after the step. A refund the provider did not complete still answers 200, with the
 * return's `refund_pending` and the message MSG.adminReturns.refundPending: it is recorded and the recovery pass
 * completes it. Mounted under the admin guard; claims are opened from the order (admin-orders.routes.ts).
 */
export const adminReturnRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", adminReturnListQuery), async (c) => {
    const filter = c.req.valid("query");
    const { returns, total } = await listReturns(c.var.deps.db, filter);
    const pagination = paginate(total, filter.page, filter.limit);
    return ok(c, { returns, pagination }, MSG.adminReturns.fetched, { pagination });
  })
  .get("/:code", validate("param", returnCodeParam), async (c) => {
    return ok(c, await adminReturnDetail(c.var.deps.db, c.req.valid("param").code), MSG.adminReturns.detailFetched);
  })
  .post("/:code/receive", validate("param", returnCodeParam), validate("json", receiveReturnSchema), async (c) => {
    const { db, clock, outbox } = c.var.deps;
    const received = await receiveReturn(db, clock, c.var.user, c.req.valid("param").code, c.req.valid("json").restock);
    outbox.kick();
    return ok(c, received, MSG.adminReturns.received);
  })
  .post("/:code/refund", validate("param", returnCodeParam), validate("json", refundReturnSchema), async (c) => {
    const { db, clock, gateway, outbox, logger } = c.var.deps;
    const { code } = c.req.valid("param");
    const amountPence = toPence(c.req.valid("json").amount);
    const { ret, refundFailure } = await refundReturn(db, clock, gateway, c.var.user, code, amountPence);
    if (refundFailure !== undefined) {
      logger.warn({ err: refundFailure, returnCode: code }, "a return's refund failed at the provider; the recovery pass tries again");
      return ok(c, ret, MSG.adminReturns.refundPending);
    }
    outbox.kick();
    return ok(c, ret, MSG.adminReturns.refunded(formatGbp(amountPence)));
  })
  .post("/:code/ship", validate("param", returnCodeParam), validate("json", shipOrderSchema), async (c) => {
    const { db, clock, outbox } = c.var.deps;
    const { carrier, tracking_number: trackingNumber } = c.req.valid("json");
    const shipped = await shipReturn(db, clock, c.var.user, c.req.valid("param").code, { carrier, trackingNumber });
    outbox.kick();
    return ok(c, shipped, MSG.adminReturns.shipped);
  })
  .post("/:code/reject", validate("param", returnCodeParam), validate("json", rejectReturnSchema), async (c) => {
    const { outbox } = c.var.deps;
    const rejected = await rejectReturn(c.var.deps, c.var.user, c.req.valid("param").code, c.req.valid("json").reason);
    outbox.kick();
    return ok(c, rejected, MSG.adminReturns.rejected);
  });
