import { Hono } from "hono";
import { z } from "zod";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok, paginate } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { listUserOrders, userOrderDetail } from "./order-reads.ts";

const ORDERS_LIMIT_MAX = 50;

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ORDERS_LIMIT_MAX).default(PAGE_SIZE.orders),
});
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `GET /orders/my-orders`: the shopper's orders, newest first; `data.orders` and `data.pagination`. */
export const myOrdersRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/my-orders", validate("query", listQuery), async (c) => {
    const { page, limit } = c.req.valid("query");
    const { orders, total } = await listUserOrders(c.var.deps.db, c.var.user.id, page, limit);
    const pagination = paginate(total, page, limit);
    return ok(c, { orders, pagination }, MSG.orders.fetched, { pagination });
  });

/** `GET /public/orders/{id}`: one of the shopper's orders; anyone else's answers 404 as if it did not exist. */
export const orderDetailRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/:id", validate("param", params), async (c) => {
    const order = await userOrderDetail(c.var.deps.db.kysely, c.var.user.id, c.req.valid("param").id);
    if (!order) throw notFound(MSG.orders.notFound);
    return ok(c, order, MSG.orders.detailFetched);
  });
