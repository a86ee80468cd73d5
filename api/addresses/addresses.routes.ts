import { Hono } from "hono";
import { requireVerifiedEmail } from "#api/auth/require-verified.ts";
import { requireAuth } from "#api/core/auth-middleware.ts";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { addressIdParamSchema, addressSchema } from "#contract/schemas/address.ts";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses.service.ts";

/** The signed-in user's own addresses; another user's id answers 404, as if it did not exist. */
export const addressRoutes = new Hono<ApiEnv>()
  .use(requireAuth, requireVerifiedEmail)
  .get("/", async (c) => ok(c, await listAddresses(c.var.deps.db, c.var.user.id), MSG.accounts.addressesFetched))
  .post("/", validate("json", addressSchema), async (c) => {
    const address = await createAddress(c.var.deps.db, c.var.deps.clock, c.var.user.id, c.req.valid("json"));
    return ok(c, address, MSG.accounts.addressCreated, { status: 201 });
  })
  .put("/:id", validate("param", addressIdParamSchema), validate("json", addressSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const address = await updateAddress(db, clock, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    if (!address) throw notFound(MSG.accounts.addressNotFound);
    return ok(c, address, MSG.accounts.addressUpdated);
  })
  .delete("/:id", validate("param", addressIdParamSchema), async (c) => {
    const deleted = await deleteAddress(c.var.deps.db, c.var.user.id, c.req.valid("param").id);
    if (!deleted) throw notFound(MSG.accounts.addressNotFound);
    return ok(c, null, MSG.accounts.addressDeleted);
  });
