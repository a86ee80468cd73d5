import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { limitPublicForm } from "#api/security/rate-limit.ts";
import { MSG } from "#contract/messages.ts";
import { subscribeSchema, unsubscribeSchema } from "#contract/schemas/subscribe.ts";
import { subscribe, unsubscribe } from "./subscribe.service.ts";

export const subscribeRoutes = new Hono<ApiEnv>().post("/", validate("json", subscribeSchema), async (c) => {
  const { email } = c.req.valid("json");
  await limitPublicForm(c, "subscribe");
  const { alreadySubscribed } = await subscribe(c.var.deps.db, c.var.deps.clock, email);
  if (alreadySubscribed) return ok(c, { email }, MSG.subscribe.alreadySubscribed);
  c.var.deps.outbox.kick();
  return ok(c, { email }, MSG.subscribe.subscribed, { status: 201 });
});

/**
 * `POST /public/unsubscribe?token=…`: the storefront's unsubscribe form, and mail clients' one-click button
 * (RFC 8058: they post `List-Unsubscribe=One-Click`, which is all the body can say, so the body is not read).
 */
export const unsubscribeRoutes = new Hono<ApiEnv>().post("/", validate("query", unsubscribeSchema), async (c) => {
  const { token } = c.req.valid("query");
  if (!(await unsubscribe(c.var.deps.db, c.var.deps.clock, token))) throw notFound(MSG.subscribe.unsubscribeLinkUnknown);
  return ok(c, null, MSG.subscribe.unsubscribed);
});
