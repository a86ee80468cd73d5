import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * `product_colour_facet_counts`: how many Active products offer each colour (lower-cased, as the colour filter
 * compares) with each combination of the other filtered columns (price, category, size mask, in stock or not), so
 * a listing filtered by one colour sums the rows of its combinations instead of counting every product with a
 * variant of that colour (170,000 of a million). The rows number the distinct combinations, not the products.
 *
 * A product counts once per colour however many of its variants have it. Kept by triggers (additive: an older
 * release's writes keep it in step too): a variant added, removed or changed adjusts the count when it is the
 * product's first or last of its colour; a product's change of status, price, category, sizes or crossing zero
 * stock moves its colours' counts; a product deleted removes its colours before its variants go (BEFORE DELETE, so
 * the variants' own triggers then find no product). PostgreSQL adjusts variants once per statement (a bulk insert
 * writes each combination once, and the variants a statement adds together count once). A combination whose
 * products are gone keeps its row at 0. Frozen: later changes go in new migrations.
 */
export function colourFacetCounts(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = db.schema
        .createTable("product_colour_facet_counts")
        .addColumn("color_key", "text", (c) => c.notNull())
        .addColumn("current_price_pence", "integer", (c) => c.notNull())
        .addColumn("category_id", "integer", (c) => c.notNull())
        .addColumn("size_mask", "integer", (c) => c.notNull())
        .addColumn("in_stock", "integer", (c) => c.notNull().check(sql`in_stock IN (0, 1)`))
        .addColumn("products", "integer", (c) => c.notNull().check(sql`products >= 0`))
        // Colour first, then price: a colour's price range is a range of the primary key.
        .addPrimaryKeyConstraint("product_colour_facet_counts_pkey", [
          "color_key",
          "current_price_pence",
          "category_id",
          "size_mask",
          "in_stock",
        ]);
      await (dialect === "sqlite" ? table.modifyEnd(sql`WITHOUT ROWID`) : table).execute();

      const inStockOf = (row: string) => (dialect === "sqlite" ? `${row}.stock_total > 0` : `(${row}.stock_total > 0)::int`);
      const columns = "color_key, current_price_pence, category_id, size_mask, in_stock";
      const keyOf = (row: string) => `${row}.current_price_pence, ${row}.category_id, ${row}.size_mask, ${inStockOf(row)}`;
      const sameKey = (row: string) =>
        `current_price_pence = ${row}.current_price_pence AND category_id = ${row}.category_id
          AND size_mask = ${row}.size_mask AND in_stock = ${inStockOf(row)}`;
      const conflict = `ON CONFLICT (${columns}) DO UPDATE`;

      await sql`INSERT INTO product_colour_facet_counts (${sql.raw(columns)}, products)
        SELECT colours.color_key, ${sql.raw(keyOf("p"))}, count(*)
        FROM (SELECT DISTINCT product_id, lower(color_name) AS color_key FROM product_variants) AS colours
        JOIN products AS p ON p.id = colours.product_id
        WHERE p.status = 'Active'
        GROUP BY colours.color_key, ${sql.raw(keyOf("p"))}`.execute(db);

      // A product's colours (lower-cased, once each).
      const coloursOf = (row: string) =>
        `SELECT DISTINCT lower(color_name) AS color_key FROM product_variants WHERE product_id = ${row}.id`;

      if (dialect === "sqlite") {
        // A variant's colour is new to its product when no other variant of the product has it.
        const addColour = (row: string) => `INSERT INTO product_colour_facet_counts (${columns}, products)
          SELECT lower(${row}.color_name), ${keyOf("p")}, 1 FROM products AS p
          WHERE p.id = ${row}.product_id AND p.status = 'Active' AND NOT EXISTS (SELECT 1 FROM product_variants AS v
            WHERE v.product_id = ${row}.product_id AND lower(v.color_name) = lower(${row}.color_name) AND v.id <> ${row}.id)
          ${conflict} SET products = products + 1`;
        // Run after the variant left: the colour is gone when no variant of the product has it any more.
        const removeColour = (row: string) => `UPDATE product_colour_facet_counts SET products = products - 1
          WHERE color_key = lower(${row}.color_name)
            AND EXISTS (SELECT 1 FROM products AS p WHERE p.id = ${row}.product_id AND p.status = 'Active'
              AND product_colour_facet_counts.current_price_pence = p.current_price_pence
              AND product_colour_facet_counts.category_id = p.category_id
              AND product_colour_facet_counts.size_mask = p.size_mask
              AND product_colour_facet_counts.in_stock = (p.stock_total > 0))
            AND NOT EXISTS (SELECT 1 FROM product_variants AS v
              WHERE v.product_id = ${row}.product_id AND lower(v.color_name) = lower(${row}.color_name))`;
        const removeProduct = (row: string) => `UPDATE product_colour_facet_counts SET products = products - 1
          WHERE ${row}.status = 'Active' AND ${sameKey(row)} AND color_key IN (${coloursOf(row)})`;
        const addProduct = (row: string) => `INSERT INTO product_colour_facet_counts (${columns}, products)
          SELECT colours.color_key, ${keyOf(row)}, 1 FROM (${coloursOf(row)}) AS colours
          WHERE ${row}.status = 'Active' ${conflict} SET products = products + 1`;
        await sql`CREATE TRIGGER product_colour_facets_variant_insert AFTER INSERT ON product_variants
          BEGIN ${sql.raw(addColour("new"))}; END`.execute(db);
        await sql`CREATE TRIGGER product_colour_facets_variant_delete AFTER DELETE ON product_variants
          BEGIN ${sql.raw(removeColour("old"))}; END`.execute(db);
        await sql`CREATE TRIGGER product_colour_facets_variant_update AFTER UPDATE OF product_id, color_name ON product_variants
          WHEN old.product_id <> new.product_id OR lower(old.color_name) <> lower(new.color_name)
          BEGIN ${sql.raw(removeColour("old"))}; ${sql.raw(addColour("new"))}; END`.execute(db);
        await sql`CREATE TRIGGER product_colour_facets_product_delete BEFORE DELETE ON products
          BEGIN ${sql.raw(removeProduct("old"))}; END`.execute(db);
        await sql`CREATE TRIGGER product_colour_facets_product_update
          AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total ON products
          WHEN old.status <> new.status OR old.current_price_pence <> new.current_price_pence OR old.category_id <> new.category_id
            OR old.size_mask <> new.size_mask OR (old.stock_total > 0) <> (new.stock_total > 0)
          BEGIN ${sql.raw(removeProduct("old"))}; ${sql.raw(addProduct("new"))}; END`.execute(db);
        return;
      }

      // PostgreSQL, per statement: the (product, colour) pairs the statement's rows carry, with the product's key.
      const pairs = (rows: string) => `SELECT pairs.color_key, ${keyOf("p")} AS in_stock, pairs.product_id
        FROM (SELECT DISTINCT product_id, lower(color_name) AS color_key FROM ${rows}) AS pairs
        JOIN products AS p ON p.id = pairs.product_id WHERE p.status = 'Active'`;
      // Pairs no variant has now (after the statement).
      const goneNow =
        "NOT EXISTS (SELECT 1 FROM product_variants AS v WHERE v.product_id = pair.product_id AND lower(v.color_name) = pair.color_key)";
      const subtract = (rows: string) => `UPDATE product_colour_facet_counts AS f SET products = f.products - gone.n
        FROM (SELECT color_key, current_price_pence, category_id, size_mask, in_stock, count(*) AS n
          FROM (${pairs(rows)}) AS pair WHERE ${goneNow} GROUP BY 1, 2, 3, 4, 5) AS gone
        WHERE f.color_key = gone.color_key AND f.current_price_pence = gone.current_price_pence
          AND f.category_id = gone.category_id AND f.size_mask = gone.size_mask AND f.in_stock = gone.in_stock`;
      // Pairs no variant had before the statement: none outside its new rows, and (an update) none of its old rows.
      const add = (rows: string, oldRows?: string) => `INSERT INTO product_colour_facet_counts AS f (${columns}, products)
        SELECT color_key, current_price_pence, category_id, size_mask, in_stock, count(*) FROM (${pairs(rows)}) AS pair
        WHERE NOT EXISTS (SELECT 1 FROM product_variants AS v WHERE v.product_id = pair.product_id
            AND lower(v.color_name) = pair.color_key AND v.id NOT IN (SELECT id FROM ${rows}))
          ${oldRows ? `AND NOT EXISTS (SELECT 1 FROM ${oldRows} AS o WHERE o.product_id = pair.product_id AND lower(o.color_name) = pair.color_key)` : ""}
        GROUP BY 1, 2, 3, 4, 5 ${conflict} SET products = f.products + excluded.products`;
      const fn = (name: string, body: string) => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${sql.raw(body)}; RETURN NULL; END $$`;
      await fn("product_colour_facets_variants_added", add("added_rows")).execute(db);
      await fn("product_colour_facets_variants_removed", subtract("removed_rows")).execute(db);
      await fn("product_colour_facets_variants_changed", `${subtract("old_rows")}; ${add("new_rows", "old_rows")}`).execute(db);
      await sql`CREATE TRIGGER product_colour_facets_variant_insert AFTER INSERT ON product_variants
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION product_colour_facets_variants_added()`.execute(db);
      await sql`CREATE TRIGGER product_colour_facets_variant_delete AFTER DELETE ON product_variants
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_colour_facets_variants_removed()`.execute(db);
      await sql`CREATE TRIGGER product_colour_facets_variant_update AFTER UPDATE ON product_variants
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION product_colour_facets_variants_changed()`.execute(db);

      await sql`CREATE FUNCTION product_colour_facets_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'Active' THEN
            UPDATE product_colour_facet_counts SET products = products - 1
            WHERE ${sql.raw(sameKey("OLD"))} AND color_key IN (${sql.raw(coloursOf("OLD"))});
          END IF;
          IF TG_OP = 'UPDATE' AND NEW.status = 'Active' THEN
            INSERT INTO product_colour_facet_counts AS f (${sql.raw(columns)}, products)
            SELECT colours.color_key, ${sql.raw(keyOf("NEW"))}, 1 FROM (${sql.raw(coloursOf("NEW"))}) AS colours
            ${sql.raw(conflict)} SET products = f.products + 1;
          END IF;
          IF TG_OP = 'DELETE' THEN
            RETURN OLD;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER product_colour_facets_product_delete BEFORE DELETE ON products
        FOR EACH ROW EXECUTE FUNCTION product_colour_facets_product_changed()`.execute(db);
      await sql`CREATE TRIGGER product_colour_facets_product_update
        AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total ON products FOR EACH ROW
        WHEN ((OLD.status, OLD.current_price_pence, OLD.category_id, OLD.size_mask, OLD.stock_total > 0)
          IS DISTINCT FROM (NEW.status, NEW.current_price_pence, NEW.category_id, NEW.size_mask, NEW.stock_total > 0))
        EXECUTE FUNCTION product_colour_facets_product_changed()`.execute(db);
    },
  };
}
