import { productReference } from "#api/catalogue/product-reference.ts";
import { productsByIds } from "#api/catalogue/product-summaries.ts";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import { RECENTLY_VIEWED_LIMIT } from "#contract/constants.ts";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";

/** The user's most recently viewed products (at most RECENTLY_VIEWED_LIMIT), newest first. */
export async function listRecentlyViewed(db: Db, userId: number): Promise<RecentlyViewedDto[]> {
  const rows = await db.kysely
    .selectFrom("recently_viewed")
    .select(["product_id", "viewed_at"])
    .where("user_id", "=", userId)
    .orderBy("viewed_at", "desc")
    .orderBy("product_id", "desc")
    .limit(RECENTLY_VIEWED_LIMIT)
    .execute();
  const viewed = new Map(rows.map((row) => [row.product_id, row.viewed_at]));
  const products = await productsByIds(
    db,
    rows.map((row) => row.product_id),
  );
  return products.map((product) => ({ ...productReference(product), viewed_at: viewed.get(product.id) ?? "" }));
}

/** Forgets every product the user has viewed. */
export async function clearRecentlyViewed(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom("recently_viewed").where("user_id", "=", userId).execute();
}

/**
 * Records a view: the product moves to the front and only the RECENTLY_VIEWED_LIMIT most
 * recent stay. The time never goes backwards within a user's list, so the newest view is first even when two
 * land in the same millisecond. Undefined when there is no active product with this id.
 */
export async function recordRecentlyViewed(
  db: Db,
  clock: Clock,
  userId: number,
  productId: number,
): Promise<{ product_id: number; viewed_at: string } | undefined> {
  const product = await db.kysely
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("status", "=", "Active")
    .executeTakeFirst();
  if (!product) return undefined;
  return db.kysely.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom("recently_viewed")
      .select((eb) => eb.fn.max("viewed_at").as("viewed_at"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const now = isoNow(clock);
    const viewedAt = latest?.viewed_at && latest.viewed_at >= now ? new Date(Date.parse(latest.viewed_at) + 1).toISOString() : now;
    await trx
      .insertInto("recently_viewed")
      .values({ user_id: userId, product_id: productId, viewed_at: viewedAt })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ viewed_at: viewedAt }))
      .execute();
    await trx
      .deleteFrom("recently_viewed")
      .where("user_id", "=", userId)
      .where("product_id", "not in", (eb) =>
        eb
          .selectFrom("recently_viewed")
          .select("product_id")
          .where("user_id", "=", userId)
          .orderBy("viewed_at", "desc")
          .orderBy("product_id", "desc")
          .limit(RECENTLY_VIEWED_LIMIT),
      )
      .execute();
    return { product_id: productId, viewed_at: viewedAt };
  });
}
