import { Hono } from "hono";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { adminMessageParamSchema, adminPageQuerySchema } from "#contract/schemas/admin-catalogue.ts";
import { contactMessages, markMessageHandled } from "./messages.service.ts";

/** The back office's contact messages: the list and marking one handled. */
export const adminMessageRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", adminPageQuerySchema), async (c) => {
    const { messages, pagination } = await contactMessages(c.var.deps.db, c.req.valid("query").page);
    return ok(c, { messages }, MSG.adminCatalogue.messagesFetched, { pagination });
  })
  .post("/:messageId/handled", validate("param", adminMessageParamSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const message = await markMessageHandled(db, clock, c.var.user, c.req.valid("param").messageId);
    return ok(c, message, MSG.adminCatalogue.messageHandled);
  });
