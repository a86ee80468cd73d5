import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * PostgreSQL: the Active products' search vectors in a table of their own, which a search walks from the newest
 * product until it has its capped matches. Walking the products instead reads their whole rows (about a kilobyte
 * each): at a million products a rare word's newest 500 matches took 40,000 of them and twice the time (decision
 * 0068). The GIN index answers whether a product matches but not the newest first, and its prefix matches gather
 * every product of a common word's posting lists, so a walk is the search's plan for prefixes.
 *
 * Kept by triggers (additive: an older release's writes keep it in step too): a statement's new Active products
 * join it, a product's change of vector or of status in or out of Active moves it, a deleted product leaves with
 * its row (ON DELETE CASCADE). `products.search_vector` stays the vector's one definition; its GIN index goes, so
 * product writes keep one full-text index, not two (a release before this one still finds the same products, by
 * walking `products`). SQLite: nothing, its FTS5 index already holds only the Active products' text.
 * Frozen: later changes go in new migrations.
 */
export function productSearchVectors(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "sqlite") return;
      // An older release keeps writing products while this runs: held until the triggers exist, the lock lets no
      // write fall between the copy and them (reads go on; writes wait until the migrations commit). The
      // foreign key below would take it too; it is taken first and by name so that no reordering loses it.
      await sql`LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE`.execute(db);
      await sql`CREATE TABLE product_search_vectors (
        product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
        search_vector tsvector NOT NULL
      )`.execute(db);
      await sql`INSERT INTO product_search_vectors (product_id, search_vector)
        SELECT id, search_vector FROM products WHERE status = 'Active'`.execute(db);
      await sql`CREATE INDEX product_search_vectors_search_idx ON product_search_vectors USING GIN (search_vector)`.execute(db);

      // A bulk load inserts thousands of products a statement: their vectors go in one insert.
      await sql`CREATE FUNCTION product_search_vectors_added() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        INSERT INTO product_search_vectors (product_id, search_vector)
          SELECT id, search_vector FROM new_rows WHERE status = 'Active';
        RETURN NULL;
      END $$`.execute(db);
      await sql`CREATE TRIGGER product_search_vectors_insert AFTER INSERT ON products
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_vectors_added()`.execute(db);
      await sql`CREATE FUNCTION product_search_vectors_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.status = 'Active' THEN
          INSERT INTO product_search_vectors (product_id, search_vector) VALUES (NEW.id, NEW.search_vector)
            ON CONFLICT (product_id) DO UPDATE SET search_vector = excluded.search_vector;
        ELSE
          DELETE FROM product_search_vectors WHERE product_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
      await sql`CREATE TRIGGER product_search_vectors_update AFTER UPDATE OF name, search_text, status ON products FOR EACH ROW
        WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR (OLD.status = 'Active') <> (NEW.status = 'Active'))
        EXECUTE FUNCTION product_search_vectors_changed()`.execute(db);
      // Last: dropping an index locks out reads of products too, until the migrations commit.
      await sql`DROP INDEX products_search_idx`.execute(db);
    },
  };
}
