import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Indexes for the catalogue queries beyond the initial ones. Frozen: later changes go in new migrations.
 * - colour filter matches case-insensitively: an expression index on lower(color_name);
 * - listing counts of active products read covering partial indexes (by price or by category), not the table;
 * - trending reads recent orders by date and the most viewed products; recommended a category's best sellers;
 * - SQLite: the full-text index holds active products only, so a plain search counts and ranks
 *   inside FTS5 without reading a product row per match (PostgreSQL's GIN index is unchanged).
 */
export function catalogueQueryIndexes(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await sql`CREATE INDEX product_variants_color_lower_idx ON product_variants (lower(color_name), product_id)`.execute(db);
      // Partial (active products only): a query must say status = 'Active' literally to use them.
      await sql`CREATE INDEX products_active_price_idx ON products (current_price_pence, stock_total, category_id) WHERE status = 'Active'`.execute(
        db,
      );
      await sql`CREATE INDEX products_active_category_idx ON products (category_id, current_price_pence, stock_total) WHERE status = 'Active'`.execute(
        db,
      );
      await db.schema.createIndex("products_views_idx").on("products").columns(["view_count", "id"]).execute();
      await db.schema.createIndex("products_category_popular_idx").on("products").columns(["category_id", "units_sold", "id"]).execute();
      await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();

      if (dialect === "sqlite") {
        for (const trigger of ["products_fts_insert", "products_fts_delete", "products_fts_update"]) {
          await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
        }
        await sql`DROP TABLE products_fts`.execute(db);
        await sql`CREATE VIEW products_searchable AS SELECT id, name, search_text FROM products WHERE status = 'Active'`.execute(db);
        await sql`CREATE VIRTUAL TABLE products_fts USING fts5(
          name, search_text, content='products_searchable', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
        )`.execute(db);
        await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
        await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products WHEN new.status = 'Active' BEGIN
          INSERT INTO products_fts(rowid, name, search_text) VALUES (new.id, new.name, new.search_text);
        END`.execute(db);
        await sql`CREATE TRIGGER products_fts_delete AFTER DELETE ON products WHEN old.status = 'Active' BEGIN
          INSERT INTO products_fts(products_fts, rowid, name, search_text) VALUES ('delete', old.id, old.name, old.search_text);
        END`.execute(db);
        // One trigger, statements in this order: the old entry leaves before the new one arrives.
        await sql`CREATE TRIGGER products_fts_update AFTER UPDATE OF name, search_text, status ON products BEGIN
          INSERT INTO products_fts(products_fts, rowid, name, search_text)
            SELECT 'delete', old.id, old.name, old.search_text WHERE old.status = 'Active';
          INSERT INTO products_fts(rowid, name, search_text)
            SELECT new.id, new.name, new.search_text WHERE new.status = 'Active';
        END`.execute(db);
      }
    },
  };
}
