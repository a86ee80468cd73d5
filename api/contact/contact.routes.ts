import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { limitPublicForm } from "#api/security/rate-limit.ts";
import { MSG } from "#contract/messages.ts";
import { contactSchema } from "#contract/schemas/contact.ts";
import { receiveContactMessage } from "./contact.service.ts";

export const contactRoutes = new Hono<ApiEnv>().post("/", validate("json", contactSchema), async (c) => {
  const input = c.req.valid("json");
  await limitPublicForm(c, "contact");
  return ok(c, await receiveContactMessage(c.var.deps, input), MSG.contact.sent, { status: 201 });
});
