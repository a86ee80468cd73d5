import { sql } from "kysely";
import { recomputeStockTotals } from "#api/catalogue/stock-totals.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import { paginate } from "#api/core/envelope.ts";
import { notFound, validationError } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import { importProducts } from "#api/operator/product-import.ts";
import { ADMIN_CATALOGUE } from "#contract/constants.ts";
import type { AdminProductDto, AdminProductRowDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp, toPence } from "#contract/money.ts";
import type { AdminProductsQuery, AdminProductUpdate } from "#contract/schemas/admin-catalogue.ts";
import { recordAudit } from "./audit.ts";

type Actor = Pick<AuthUser, "id" | "email">;

/** `%`, `_` and the escape character itself, matched literally in a LIKE pattern with ESCAPE '!'. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, "!$&")}%`;

/** One page of products whose name, SKU or a variant's SKU holds the search, by name. */
export async function listProducts(db: Db, query: AdminProductsQuery) {
  let matching = db.kysely.selectFrom("products");
  if (query.q) {
    const pattern = likePattern(query.q);
    matching = matching.where(
      sql<boolean>`(lower(products.name) LIKE ${pattern} ESCAPE '!' OR lower(products.sku) LIKE ${pattern} ESCAPE '!'
        OR EXISTS (SELECT 1 FROM product_variants WHERE product_variants.product_id = products.id
          AND lower(product_variants.sku) LIKE ${pattern} ESCAPE '!'))`,
    );
  }
  const limit = ADMIN_CATALOGUE.pageSize;
  const [rows, total] = await Promise.all([
    matching
      .select(["id", "name", "sku", "status", "current_price_pence", "stock_total"])
      .orderBy("name")
      .orderBy("id")
      .limit(limit)
      .offset((query.page - 1) * limit)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const products: AdminProductRowDto[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    active: row.status === "Active",
    price: toGbp(row.current_price_pence),
    stock_total: row.stock_total,
  }));
  return { products, pagination: paginate(Number(total.count), query.page, limit) };
}

/** The product page's facts; undefined for no such product. */
export async function adminProduct(db: Queryable, id: number): Promise<AdminProductDto | undefined> {
  const product = await db
    .selectFrom("products")
    .select(["id", "name", "sku", "status", "current_price_pence", "original_price_pence", "stock_total", "final_sale"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!product) return undefined;
  const variants = await db
    .selectFrom("product_variants")
    .select(["id", "sku", "color_name", "size", "stock"])
    .where("product_id", "=", id)
    .orderBy("id")
    .execute();
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    active: product.status === "Active",
    price: toGbp(product.current_price_pence),
    original_price: toGbp(product.original_price_pence),
    final_sale: product.final_sale === 1,
    stock_total: product.stock_total,
    variants,
  };
}

/** What the audit log keeps of a product: the fields the product page edits. */
const auditedState = (product: AdminProductDto) => ({
  price: product.price,
  original_price: product.original_price,
  active: product.active,
  final_sale: product.final_sale,
  stock: Object.fromEntries(product.variants.map((variant) => [variant.sku, variant.stock])),
});

/**
 * Sets a product's prices, active and final-sale flags and variants' stock in one transaction: the stock total is recomputed from the
 * variants and the catalogue generation raised, so the shop shows the change within its freshness bound. It locks the
 * product before its variants, where a checkout locks the variants first: the save that loses that deadlock runs again.
 */
export async function updateProduct(db: Db, clock: Clock, actor: Actor, id: number, input: AdminProductUpdate): Promise<AdminProductDto> {
  return transactionWithRetry(db, async (trx) => {
    let lock = trx.selectFrom("products").select("id").where("id", "=", id);
    // Two operators saving one product at once must each see the other's stock, not overwrite it from a stale read.
    if (db.dialect === "postgres") lock = lock.forUpdate();
    if (!(await lock.executeTakeFirst())) throw notFound(MSG.adminCatalogue.productNotFound);
    const before = (await adminProduct(trx, id)) as AdminProductDto;
    const own = new Set(before.variants.map((variant) => variant.id));
    const strangers = input.variants.flatMap((variant, index) =>
      own.has(variant.id) ? [] : [{ path: `variants.${index}.id`, message: MSG.adminCatalogue.unknownVariant }],
    );
    if (strangers.length > 0) throw validationError(MSG.adminCatalogue.unknownVariant, strangers);

    await trx
      .updateTable("products")
      .set({
        current_price_pence: toPence(input.price),
        original_price_pence: toPence(input.original_price),
        status: input.active ? "Active" : "Inactive",
        final_sale: input.final_sale ? 1 : 0,
        updated_at: isoNow(clock),
      })
      .where("id", "=", id)
      .execute();
    const stockBefore = new Map(before.variants.map((variant) => [variant.id, variant.stock]));
    for (const variant of input.variants) {
      if (stockBefore.get(variant.id) === variant.stock) continue;
      await trx.updateTable("product_variants").set({ stock: variant.stock }).where("id", "=", variant.id).execute();
    }
    await recomputeStockTotals(trx, [id]);
    const after = (await adminProduct(trx, id)) as AdminProductDto;
    await recordAudit(trx, clock, actor, {
      action: "product.update",
      subject: `product ${before.sku}`,
      before: auditedState(before),
      after: auditedState(after),
    });
    return after;
  });
}

/** Adds the products of a `products:import` file, all or none, with its audit entry; 400 listing every problem. */
export async function importProductFile(db: Db, clock: Clock, actor: Actor, file: unknown): Promise<{ imported: number }> {
  const result = await importProducts(db, file, isoNow(clock), (trx, skus) =>
    recordAudit(trx, clock, actor, { action: "products.import", subject: `${skus.length} products`, before: null, after: { skus } }),
  );
  if (!result.ok) {
    throw validationError(
      MSG.adminCatalogue.importFailed(result.errors.length),
      result.errors.map((message) => ({ path: "file", message })),
    );
  }
  return { imported: result.imported };
}
