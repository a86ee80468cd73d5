import { type Kysely, sql } from "kysely";

/**
 * The product's rating summary (review count and rating sum) on the product row, so listings, cards and the
 * detail page show it without an aggregate over reviews. Every review write keeps it in the same transaction.
 * Frozen: later changes go in new migrations.
 */
export function productRatingSummary() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("products")
        .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`rating_count >= 0`))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0).check(sql`rating_sum >= 0`))
        .execute();
      await sql`UPDATE products SET
        rating_count = (SELECT count(*) FROM reviews WHERE reviews.product_id = products.id),
        rating_sum = (SELECT coalesce(sum(rating), 0) FROM reviews WHERE reviews.product_id = products.id)`.execute(db);
    },
  };
}
