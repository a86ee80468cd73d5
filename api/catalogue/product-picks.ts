import { sql } from "kysely";
import type { Clock } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { active, allOf, type Condition, inStock, outOfStock } from "./product-conditions.ts";
import { productsByIds } from "./product-summaries.ts";

/** Trending: each unit sold within `windowDays` (orders not cancelled) counts as `orderWeight` views. */
const TRENDING = { windowDays: 30, orderWeight: 10, viewCandidates: 200 } as const;

/** Ids of active products meeting `conditions`, in `order`, skipping `exclude`. */
async function pickIds(db: Db, conditions: Condition[], order: "newest" | "popular", exclude: number[], limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  let query = db.kysely
    .selectFrom("products")
    .select("products.id")
    .where(allOf([active, ...conditions]));
  if (exclude.length) query = query.where("products.id", "not in", exclude);
  query = order === "newest" ? query.orderBy("products.created_at", "desc") : query.orderBy("products.units_sold", "desc");
  const rows = await query.orderBy("products.id", "desc").limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Fills up to `limit` ids from each source in turn, never repeating one. */
async function pickInTiers(limit: number, tiers: ((exclude: number[], remaining: number) => Promise<number[]>)[]): Promise<number[]> {
  const picked: number[] = [];
  for (const tier of tiers) {
    if (picked.length >= limit) break;
    picked.push(...(await tier([...picked], limit - picked.length)));
  }
  return picked;
}

/**
 * Trending: in-stock products scored by units in the last 30 days' orders (not cancelled), each unit
 * worth TRENDING.orderWeight views, plus their views; padded with the newest in-stock products.
 * Only products with recent orders or among the most viewed can score above zero, so only they are scored.
 */
export async function trendingProducts(db: Db, clock: Clock, limit: number): Promise<ProductSummaryDto[]> {
  const since = new Date(clock.now().getTime() - TRENDING.windowDays * 86_400_000).toISOString();
  const scored = async (exclude: number[], remaining: number) => {
    let query = db.kysely
      .with("recent", (qb) =>
        qb
          .selectFrom("order_items")
          .innerJoin("orders", "orders.id", "order_items.order_id")
          .where("orders.created_at", ">=", since)
          .where("orders.status", "<>", "cancelled")
          .groupBy("order_items.product_id")
          .select((eb) => ["order_items.product_id", eb.fn.sum<number>("order_items.quantity").as("units")]),
      )
      .selectFrom("products")
      .leftJoin("recent", "recent.product_id", "products.id")
      .select("products.id")
      .where(allOf([active, inStock]))
      .where((eb) =>
        eb.or([
          eb("products.id", "in", eb.selectFrom("recent").select("recent.product_id")),
          eb(
            "products.id",
            "in",
            eb
              .selectFrom("products as viewed")
              .select("viewed.id")
              .where("viewed.status", "=", "Active")
              .where("viewed.stock_total", ">", 0)
              .where("viewed.view_count", ">", 0)
              .orderBy("viewed.view_count", "desc")
              .orderBy("viewed.id", "desc")
              .limit(TRENDING.viewCandidates),
          ),
        ]),
      );
    if (exclude.length) query = query.where("products.id", "not in", exclude);
    const rows = await query
      .orderBy(sql`coalesce(${sql.ref("recent.units")}, 0) * ${sql.lit(TRENDING.orderWeight)} + ${sql.ref("products.view_count")}`, "desc")
      .orderBy("products.created_at", "desc")
      .orderBy("products.id", "desc")
      .limit(remaining)
      .execute();
    return rows.map((row) => row.id);
  };
  const ids = await pickInTiers(limit, [scored, (exclude, remaining) => pickIds(db, [inStock], "newest", exclude, remaining)]);
  return productsByIds(db, ids);
}

/** Latest: newest in-stock products, then newest out-of-stock ones if the shop has too few. */
export async function latestProducts(db: Db, limit: number): Promise<ProductSummaryDto[]> {
  const ids = await pickInTiers(limit, [
    (exclude, remaining) => pickIds(db, [inStock], "newest", exclude, remaining),
    (exclude, remaining) => pickIds(db, [outOfStock], "newest", exclude, remaining),
  ]);
  return productsByIds(db, ids);
}

/**
 * Recommended: in-stock best sellers of the product's category, then other in-stock best sellers,
 * then out-of-stock ones in the same order; never the product itself.
 */
export async function recommendedProducts(db: Db, productId: number | undefined, limit: number): Promise<ProductSummaryDto[]> {
  const product =
    productId === undefined
      ? undefined
      : await db.kysely.selectFrom("products").select("category_id").where("id", "=", productId).executeTakeFirst();
  const self = productId === undefined ? [] : [productId];
  const tier = (conditions: Condition[]) => (exclude: number[], remaining: number) =>
    pickIds(db, conditions, "popular", [...self, ...exclude], remaining);
  const tiers = [];
  for (const stock of [inStock, outOfStock]) {
    if (product) {
      const categoryId = product.category_id;
      tiers.push(tier([stock, (eb) => eb("products.category_id", "=", categoryId)]));
      tiers.push(tier([stock, (eb) => eb("products.category_id", "<>", categoryId)]));
    } else {
      tiers.push(tier([stock]));
    }
  }
  return productsByIds(db, await pickInTiers(limit, tiers));
}
