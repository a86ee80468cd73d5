import { type Kysely, sql } from "kysely";

/** The sizes in the order of their bits (bit 0: XS). Frozen here: the service's mask must agree. */
const SIZE_BITS = [
  ["XS", 1],
  ["S", 2],
  ["M", 4],
  ["L", 8],
  ["XL", 16],
  ["XXL", 32],
  ["One Size", 64],
] as const;

/**
 * products.size_mask, one bit per size among the product's variants (written with the variants), and a covering
 * partial index for listing filters over price, stock, category and size, replacing the one without sizes:
 * a filtered listing is then counted from the index alone, with no variant probe per product.
 */
export function productSizeMask() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable("products")
        .addColumn("size_mask", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      const bit = sql.join(
        SIZE_BITS.map(([size, value]) => sql`WHEN ${sql.lit(size)} THEN ${sql.lit(value)}`),
        sql` `,
      );
      // Sum of the distinct bits present is their bitwise OR.
      await sql`UPDATE products SET size_mask = (
        SELECT coalesce(sum(DISTINCT CASE product_variants.size ${bit} ELSE 0 END), 0)
        FROM product_variants WHERE product_variants.product_id = products.id
      )`.execute(db);
      await db.schema.dropIndex("products_active_price_idx").execute();
      await sql`CREATE INDEX products_active_price_idx ON products (current_price_pence, stock_total, category_id, size_mask) WHERE status = 'Active'`.execute(
        db,
      );
    },
  };
}
