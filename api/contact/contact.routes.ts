import { Hono } from "hono";
import { MSG } from "../../app/lib/messages.ts";
import { contactSchema } from "../../app/lib/schemas/contact.ts";
import type { ApiEnv } from "../core/env.ts";
import { ok } from "../core/envelope.ts";
import { validate } from "../core/validate.ts";
import { limitPublicForm } from "../security/rate-limit.ts";
import { receiveContactMessage } from "./contact.service.ts";

export const contactRoutes = new Hono<ApiEnv>().post("/", validate("json", contactSchema), async (c) => {
  const input = c.req.valid("json");
  await limitPublicForm(c, "contact");
  return ok(c, await receiveContactMessage(c.var.deps, input), MSG.contact.sent, { status: 201 });
});
