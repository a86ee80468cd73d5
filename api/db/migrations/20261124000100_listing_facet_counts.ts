import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * `product_facet_counts`: how many Active products share each combination of the columns the listing filters
 * on (price, category, size mask, in stock or not), kept by triggers on every insert, delete and change of those
 * columns, so a filtered listing sums the rows of its combinations instead of counting every matching product.
 * The rows number the distinct combinations (1,646 for the 100,000 synthetic products), not the products.
 * Triggers rather than the service: checkout, cancellation, `stock:set`, `products:import`, the seed and tests
 * all write products. A stock change touches the table only when the product's stock crosses zero. A
 * combination whose products are gone keeps its row at 0. PostgreSQL counts inserted and deleted rows once per
 * statement (a bulk import updates each combination once). Frozen: later changes go in new migrations.
 */
export function listingFacetCounts(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = db.schema
        .createTable("product_facet_counts")
        .addColumn("current_price_pence", "integer", (c) => c.notNull())
        .addColumn("category_id", "integer", (c) => c.notNull())
        .addColumn("size_mask", "integer", (c) => c.notNull())
        .addColumn("in_stock", "integer", (c) => c.notNull().check(sql`in_stock IN (0, 1)`))
        .addColumn("products", "integer", (c) => c.notNull().check(sql`products >= 0`))
        // Price first: every price filter is a range of the primary key.
        .addPrimaryKeyConstraint("product_facet_counts_pkey", ["current_price_pence", "category_id", "size_mask", "in_stock"]);
      await (dialect === "sqlite" ? table.modifyEnd(sql`WITHOUT ROWID`) : table).execute();
      const inStockOf = (row: string) => (dialect === "sqlite" ? `${row}.stock_total > 0` : `(${row}.stock_total > 0)::int`);
      const inStock = (row: string) => sql.raw(inStockOf(row));
      await sql`INSERT INTO product_facet_counts (current_price_pence, category_id, size_mask, in_stock, products)
        SELECT current_price_pence, category_id, size_mask, ${inStock("products")}, count(*) FROM products WHERE status = 'Active'
        GROUP BY current_price_pence, category_id, size_mask, ${inStock("products")}`.execute(db);

      const key = (row: string) =>
        sql.raw(`current_price_pence = ${row}.current_price_pence AND category_id = ${row}.category_id
          AND size_mask = ${row}.size_mask AND in_stock = ${inStockOf(row)}`);
      const conflict = sql.raw("ON CONFLICT (current_price_pence, category_id, size_mask, in_stock) DO UPDATE");

      if (dialect === "sqlite") {
        // INSERT … SELECT takes ON CONFLICT only after a WHERE clause (SQLite's parser); this one has its own.
        const add = (row: string) => sql`INSERT INTO product_facet_counts (current_price_pence, category_id, size_mask, in_stock, products)
          SELECT ${sql.raw(`${row}.current_price_pence, ${row}.category_id, ${row}.size_mask`)}, ${inStock(row)}, 1
          WHERE ${sql.raw(`${row}.status`)} = 'Active' ${conflict} SET products = products + 1`;
        const remove = (row: string) =>
          sql`UPDATE product_facet_counts SET products = products - 1 WHERE ${sql.raw(`${row}.status`)} = 'Active' AND ${key(row)}`;
        await sql`CREATE TRIGGER product_facets_insert AFTER INSERT ON products BEGIN ${add("new")}; END`.execute(db);
        await sql`CREATE TRIGGER product_facets_delete AFTER DELETE ON products BEGIN ${remove("old")}; END`.execute(db);
        await sql`CREATE TRIGGER product_facets_update AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total ON products
          WHEN old.status <> new.status OR old.current_price_pence <> new.current_price_pence OR old.category_id <> new.category_id
            OR old.size_mask <> new.size_mask OR (old.stock_total > 0) <> (new.stock_total > 0)
          BEGIN ${remove("old")}; ${add("new")}; END`.execute(db);
        return;
      }

      const grouped = (rows: string) =>
        sql.raw(`SELECT current_price_pence, category_id, size_mask, (stock_total > 0)::int AS in_stock, count(*) AS n
          FROM ${rows} WHERE status = 'Active' GROUP BY 1, 2, 3, 4`);
      await sql`CREATE FUNCTION product_facets_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO product_facet_counts AS f (current_price_pence, category_id, size_mask, in_stock, products)
          SELECT current_price_pence, category_id, size_mask, in_stock, n FROM (${grouped("added_rows")}) AS added
          ${conflict} SET products = f.products + excluded.products;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION product_facets_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE product_facet_counts AS f SET products = f.products - removed.n FROM (${grouped("removed_rows")}) AS removed
          WHERE f.current_price_pence = removed.current_price_pence AND f.category_id = removed.category_id
            AND f.size_mask = removed.size_mask AND f.in_stock = removed.in_stock;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION product_facets_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD.status = 'Active' THEN
            UPDATE product_facet_counts SET products = products - 1 WHERE ${key("OLD")};
          END IF;
          IF NEW.status = 'Active' THEN
            INSERT INTO product_facet_counts AS f (current_price_pence, category_id, size_mask, in_stock, products)
            VALUES (NEW.current_price_pence, NEW.category_id, NEW.size_mask, ${inStock("NEW")}, 1)
            ${conflict} SET products = f.products + 1;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER product_facets_insert AFTER INSERT ON products
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facets_rows_added()`.execute(db);
      await sql`CREATE TRIGGER product_facets_delete AFTER DELETE ON products
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facets_rows_removed()`.execute(db);
      await sql`CREATE TRIGGER product_facets_update AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total
        ON products FOR EACH ROW
        WHEN ((OLD.status, OLD.current_price_pence, OLD.category_id, OLD.size_mask, OLD.stock_total > 0)
          IS DISTINCT FROM (NEW.status, NEW.current_price_pence, NEW.category_id, NEW.size_mask, NEW.stock_total > 0))
        EXECUTE FUNCTION product_facets_row_changed()`.execute(db);
    },
  };
}
