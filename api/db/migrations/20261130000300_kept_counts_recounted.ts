import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * PostgreSQL: every kept count of the listing worked out again from the products and their variants, under a lock
 * against writes. The migrations that made them (`active_product_count`, `listing_facet_counts`,
 * `colour_facet_counts`, `colour_set_counts`, `colour_set_totals`) filled each table before creating its triggers
 * without such a lock, so a write an older release committed between the two during a rolling deploy is in neither,
 * and a listing's total stays off by it. A product's set of colours is named again too (new sets added, sets never
 * deleted), then the counts by set. Rows at 0 are not written back: no listing reads them. SQLite: nothing, the
 * migration's first write holds its one write lock, so no write can fall between. Frozen: later changes go in new
 * migrations.
 */
export function keptCountsRecounted(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "sqlite") return;
      // In a checkout's order (variants, then products), so the shop's most frequent writer cannot deadlock with it;
      // an operator's save locks a product first, and whichever of the two loses runs again (prepareDatabase).
      await sql`LOCK TABLE product_variants, products, product_colour_sets IN SHARE ROW EXCLUSIVE MODE`.execute(db);
      // A product's row of the counts, as the triggers key it.
      const facets = sql.raw("p.current_price_pence, p.category_id, p.size_mask, (p.stock_total > 0)::int");
      const columns = sql.raw("current_price_pence, category_id, size_mask, in_stock, products");

      await sql`UPDATE product_counts SET active_products = (SELECT count(*) FROM products WHERE status = 'Active')`.execute(db);
      await sql`DELETE FROM product_facet_counts`.execute(db);
      await sql`INSERT INTO product_facet_counts (${columns})
        SELECT ${facets}, count(*) FROM products AS p WHERE p.status = 'Active' GROUP BY ${facets}`.execute(db);
      await sql`DELETE FROM product_colour_facet_counts`.execute(db);
      await sql`INSERT INTO product_colour_facet_counts (color_key, ${columns})
        SELECT c.color_key, ${facets}, count(*)
        FROM (SELECT DISTINCT product_id, lower(color_name) AS color_key FROM product_variants) AS c
        JOIN products AS p ON p.id = c.product_id WHERE p.status = 'Active' GROUP BY c.color_key, ${facets}`.execute(db);

      // Each product's set of colours, written as colour_set_counts writes it (null without variants).
      await sql`CREATE TEMPORARY TABLE recounted_sets ON COMMIT DROP AS
        SELECT product_id, array_agg(DISTINCT lower(color_name) ORDER BY lower(color_name))::text AS colours
        FROM product_variants GROUP BY product_id`.execute(db);
      await sql`INSERT INTO colour_sets (colours) SELECT DISTINCT colours FROM recounted_sets
        ON CONFLICT (colours) DO NOTHING`.execute(db);
      await sql`INSERT INTO colour_set_members (color_key, colour_set_id)
        SELECT DISTINCT lower(v.color_name), s.id FROM recounted_sets AS r
        JOIN colour_sets AS s ON s.colours = r.colours JOIN product_variants AS v ON v.product_id = r.product_id
        ON CONFLICT DO NOTHING`.execute(db);
      await sql`DELETE FROM product_colour_sets AS ps
        WHERE NOT EXISTS (SELECT 1 FROM recounted_sets AS r WHERE r.product_id = ps.product_id)`.execute(db);
      await sql`INSERT INTO product_colour_sets (product_id, colour_set_id)
        SELECT r.product_id, s.id FROM recounted_sets AS r JOIN colour_sets AS s ON s.colours = r.colours
        ON CONFLICT (product_id) DO UPDATE SET colour_set_id = excluded.colour_set_id
        WHERE product_colour_sets.colour_set_id <> excluded.colour_set_id`.execute(db);
      await sql`DELETE FROM product_colour_set_counts`.execute(db);
      await sql`INSERT INTO product_colour_set_counts (colour_set_id, ${columns})
        SELECT ps.colour_set_id, ${facets}, count(*) FROM product_colour_sets AS ps
        JOIN products AS p ON p.id = ps.product_id WHERE p.status = 'Active' GROUP BY ps.colour_set_id, ${facets}`.execute(db);
      await sql`DELETE FROM colour_set_totals`.execute(db);
      await sql`INSERT INTO colour_set_totals (colour_set_id, current_price_pence, products)
        SELECT ps.colour_set_id, p.current_price_pence, count(*) FROM product_colour_sets AS ps
        JOIN products AS p ON p.id = ps.product_id WHERE p.status = 'Active' GROUP BY ps.colour_set_id, p.current_price_pence`.execute(db);
    },
  };
}
