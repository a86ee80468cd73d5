import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/core/env.ts";
import { ok } from "#api/core/envelope.ts";
import { notFound } from "#api/core/errors.ts";
import { validate } from "#api/core/validate.ts";
import { MSG } from "#contract/messages.ts";
import { adminProductParamSchema, adminProductsQuerySchema, adminProductUpdateSchema } from "#contract/schemas/admin-catalogue.ts";
import { adminProduct, importProductFile, listProducts, updateProduct } from "./products.service.ts";

/** The file's own shape is checked by the import, which lists every problem at once; here only that it is an object. */
const importFileSchema = z.record(z.string(), z.unknown());

/** The back office's products: search, the product page's edits, and `products:import` from an upload. */
export const adminProductRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", adminProductsQuerySchema), async (c) => {
    const { products, pagination } = await listProducts(c.var.deps.db, c.req.valid("query"));
    return ok(c, { products }, MSG.adminCatalogue.productsFetched, { pagination });
  })
  .post("/import", validate("json", importFileSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const result = await importProductFile(db, clock, c.var.user, c.req.valid("json"));
    await catalogue.generation.check();
    return ok(c, result, MSG.adminCatalogue.imported(result.imported), { status: 201 });
  })
  .get("/:productId", validate("param", adminProductParamSchema), async (c) => {
    const product = await adminProduct(c.var.deps.db.kysely, c.req.valid("param").productId);
    if (!product) throw notFound(MSG.adminCatalogue.productNotFound);
    return ok(c, product, MSG.adminCatalogue.productFetched);
  })
  .put("/:productId", validate("param", adminProductParamSchema), validate("json", adminProductUpdateSchema), async (c) => {
    const { db, clock, catalogue } = c.var.deps;
    const product = await updateProduct(db, clock, c.var.user, c.req.valid("param").productId, c.req.valid("json"));
    // The operator's next look at the shop shows the change, as a shopper's own review does.
    await catalogue.generation.check();
    return ok(c, product, MSG.adminCatalogue.productUpdated);
  });
