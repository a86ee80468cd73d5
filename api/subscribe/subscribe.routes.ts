import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { limitPublicForm } from "#api/security/rate-limit.ts";
import { MSG } from "#contract/messages.ts";
import { subscribeSchema } from "#contract/schemas/subscribe.ts";
import { subscribe } from "./subscribe.service.ts";

export const subscribeRoutes = new Hono<ApiEnv>().post("/", validate("json", subscribeSchema), async (c) => {
  const { email } = c.req.valid("json");
  await limitPublicForm(c, "subscribe");
  const { alreadySubscribed } = await subscribe(c.var.deps.db, c.var.deps.clock, email);
  return alreadySubscribed
    ? ok(c, { email }, MSG.subscribe.alreadySubscribed)
    : ok(c, { email }, MSG.subscribe.subscribed, { status: 201 });
});
