import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * `product_counts.active_products`: how many products are Active, kept by triggers on every insert, delete and
 * status change, so a listing without filters takes its total from one row instead of counting 100,000 index
 * entries per request. Triggers rather than the service: every writer (seed, import, operator, tests) is covered.
 * PostgreSQL counts inserted and deleted rows once per statement (a bulk import updates the row once) and status
 * changes per row, only when a product moves into or out of Active. Frozen: later changes go in new migrations.
 */
export function activeProductCount(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("product_counts")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("active_products", "integer", (c) => c.notNull().check(sql`active_products >= 0`))
        .execute();
      await sql`INSERT INTO product_counts (id, active_products) SELECT 1, count(*) FROM products WHERE status = 'Active'`.execute(db);

      if (dialect === "sqlite") {
        await sql`CREATE TRIGGER product_counts_insert AFTER INSERT ON products WHEN new.status = 'Active' BEGIN
          UPDATE product_counts SET active_products = active_products + 1;
        END`.execute(db);
        await sql`CREATE TRIGGER product_counts_delete AFTER DELETE ON products WHEN old.status = 'Active' BEGIN
          UPDATE product_counts SET active_products = active_products - 1;
        END`.execute(db);
        await sql`CREATE TRIGGER product_counts_status AFTER UPDATE OF status ON products
          WHEN (old.status = 'Active') <> (new.status = 'Active') BEGIN
          UPDATE product_counts SET active_products = active_products + CASE WHEN new.status = 'Active' THEN 1 ELSE -1 END;
        END`.execute(db);
        return;
      }

      await sql`CREATE FUNCTION product_counts_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE product_counts SET active_products = active_products + added.n
          FROM (SELECT count(*) AS n FROM added_rows WHERE status = 'Active') AS added WHERE added.n > 0;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION product_counts_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE product_counts SET active_products = active_products - removed.n
          FROM (SELECT count(*) AS n FROM removed_rows WHERE status = 'Active') AS removed WHERE removed.n > 0;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION product_counts_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE product_counts SET active_products = active_products + CASE WHEN NEW.status = 'Active' THEN 1 ELSE -1 END;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER product_counts_insert AFTER INSERT ON products
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_rows_added()`.execute(db);
      await sql`CREATE TRIGGER product_counts_delete AFTER DELETE ON products
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_rows_removed()`.execute(db);
      await sql`CREATE TRIGGER product_counts_status AFTER UPDATE OF status ON products FOR EACH ROW
        WHEN ((OLD.status = 'Active') IS DISTINCT FROM (NEW.status = 'Active'))
        EXECUTE FUNCTION product_counts_status_changed()`.execute(db);
    },
  };
}
