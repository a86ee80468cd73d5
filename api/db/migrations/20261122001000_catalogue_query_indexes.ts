import { type Kysely, sql } from "kysely";

/**
 * Indexes for the catalogue queries beyond the initial ones. Frozen: later changes go in new migrations.
 * - colour filter matches case-insensitively: an expression index on lower(color_name);
 * - listing counts of active products read covering partial indexes (by price or by category), not the table;
 * - trending reads recent orders by date and the most viewed products;
 * - recommended reads a category's best sellers.
 */
export function catalogueQueryIndexes() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await sql`CREATE INDEX product_variants_color_lower_idx ON product_variants (lower(color_name), product_id)`.execute(db);
      // Partial (active products only): a query must say status = 'Active' literally to use them.
      await sql`CREATE INDEX products_active_price_idx ON products (current_price_pence, stock_total, category_id) WHERE status = 'Active'`.execute(db);
      await sql`CREATE INDEX products_active_category_idx ON products (category_id, current_price_pence, stock_total) WHERE status = 'Active'`.execute(db);
      await db.schema.createIndex("products_views_idx").on("products").columns(["view_count", "id"]).execute();
      await db.schema.createIndex("products_category_popular_idx").on("products").columns(["category_id", "units_sold", "id"]).execute();
      await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();
    },
  };
}
