import { Hono } from "hono";
import { MSG } from "../../app/lib/messages.ts";
import { subscribeSchema } from "../../app/lib/schemas/subscribe.ts";
import type { ApiEnv } from "../core/env.ts";
import { ok } from "../core/envelope.ts";
import { validate } from "../core/validate.ts";
import { limitPublicForm } from "../security/rate-limit.ts";
import { subscribe } from "./subscribe.service.ts";

export const subscribeRoutes = new Hono<ApiEnv>().post("/", validate("json", subscribeSchema), async (c) => {
  const { email } = c.req.valid("json");
  await limitPublicForm(c, "subscribe");
  const { alreadySubscribed } = await subscribe(c.var.deps.db, c.var.deps.clock, email);
  return alreadySubscribed
    ? ok(c, { email }, MSG.subscribe.alreadySubscribed)
    : ok(c, { email }, MSG.subscribe.subscribed, { status: 201 });
});
