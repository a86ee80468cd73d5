import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Colour sets, for a listing filtered by several colours: it counts a product once however many of the colours it
 * has, which no per-colour count (product_colour_facet_counts) says. Each distinct set of a product's colours
 * (lower-cased, once each) is a row of `colour_sets`, identified by the list of its colours in order as the
 * database writes a list (a JSON array on SQLite, a text array on PostgreSQL: unambiguous whatever a name holds),
 * with one row per colour in `colour_set_members`; a product names its set in `products.colour_set_id` (null
 * without variants). `product_colour_set_counts` counts the Active products per set and combination of the other
 * filtered columns (price, category, size mask, in stock or not), so a listing of several colours sums the rows of
 * the sets holding any of them. Sets are never deleted: they number the combinations of colours the catalogue
 * has had (658 for a million synthetic products), not the products. A count that falls to 0 loses its row: SQLite
 * writes a new product's variants one by one, passing it through the sets of its first colours.
 *
 * Kept by triggers (additive: an older release's writes keep it in step too): a variant added, removed, moved or
 * recoloured works out its products' sets again; a product's change of set, status, price, category, sizes or
 * crossing zero stock moves its count. PostgreSQL locks the products whose variants a statement changed before
 * working out their sets, so two transactions changing one product's variants at once cannot leave it with the set
 * of either alone. Frozen: later changes go in new migrations.
 */
export function colourSetCounts(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const sqlite = dialect === "sqlite";
      await db.schema
        .createTable("colour_sets")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => c.primaryKey())
        .addColumn("colours", "text", (c) => c.notNull().unique())
        .execute();
      const members = db.schema
        .createTable("colour_set_members")
        .addColumn("color_key", "text", (c) => c.notNull())
        .addColumn("colour_set_id", "integer", (c) => c.notNull().references("colour_sets.id"))
        // A colour's sets are a range of the primary key.
        .addPrimaryKeyConstraint("colour_set_members_pkey", ["color_key", "colour_set_id"]);
      await (sqlite ? members.modifyEnd(sql`WITHOUT ROWID`) : members).execute();
      await db.schema
        .alterTable("products")
        .addColumn("colour_set_id", "integer", (c) => c.references("colour_sets.id"))
        .execute();
      const counts = db.schema
        .createTable("product_colour_set_counts")
        .addColumn("colour_set_id", "integer", (c) => c.notNull())
        .addColumn("current_price_pence", "integer", (c) => c.notNull())
        .addColumn("category_id", "integer", (c) => c.notNull())
        .addColumn("size_mask", "integer", (c) => c.notNull())
        .addColumn("in_stock", "integer", (c) => c.notNull().check(sql`in_stock IN (0, 1)`))
        .addColumn("products", "integer", (c) => c.notNull().check(sql`products >= 0`))
        // A set first, then price: a set's price range is a range of the primary key.
        .addPrimaryKeyConstraint("product_colour_set_counts_pkey", [
          "colour_set_id",
          "current_price_pence",
          "category_id",
          "size_mask",
          "in_stock",
        ]);
      await (sqlite ? counts.modifyEnd(sql`WITHOUT ROWID`) : counts).execute();

      // The set of one product's variants (`productId` an SQL expression), null without variants.
      const setOf = (productId: string) =>
        sqlite
          ? `(SELECT nullif(json_group_array(color_key ORDER BY color_key), '[]')
              FROM (SELECT DISTINCT lower(color_name) AS color_key FROM product_variants WHERE product_id = ${productId}))`
          : `(SELECT array_agg(DISTINCT lower(color_name) ORDER BY lower(color_name))::text
              FROM product_variants WHERE product_id = ${productId})`;
      const inStockOf = (row: string) => (sqlite ? `${row}.stock_total > 0` : `(${row}.stock_total > 0)::int`);
      const columns = "colour_set_id, current_price_pence, category_id, size_mask, in_stock";
      const keyOf = (row: string) =>
        `${row}.colour_set_id, ${row}.current_price_pence, ${row}.category_id, ${row}.size_mask, ${inStockOf(row)}`;
      const sameKey = (row: string) =>
        `colour_set_id = ${row}.colour_set_id AND current_price_pence = ${row}.current_price_pence
          AND category_id = ${row}.category_id AND size_mask = ${row}.size_mask AND in_stock = ${inStockOf(row)}`;
      const conflict = `ON CONFLICT (${columns}) DO UPDATE`;
      const counted = (row: string) => `${row}.status = 'Active' AND ${row}.colour_set_id IS NOT NULL`;

      // The sets, their members, each product's set, then the counts.
      await sql`INSERT INTO colour_sets (colours)
        SELECT DISTINCT colours FROM (SELECT ${sql.raw(setOf("products.id"))} AS colours FROM products) AS sets
        WHERE colours IS NOT NULL`.execute(db);
      await sql`UPDATE products SET colour_set_id = (SELECT id FROM colour_sets WHERE colours = ${sql.raw(setOf("products.id"))})`.execute(
        db,
      );
      await sql`INSERT INTO colour_set_members (color_key, colour_set_id)
        SELECT DISTINCT lower(v.color_name), p.colour_set_id FROM products AS p JOIN product_variants AS v ON v.product_id = p.id
        WHERE p.colour_set_id IS NOT NULL`.execute(db);
      await sql`INSERT INTO product_colour_set_counts (${sql.raw(columns)}, products)
        SELECT ${sql.raw(keyOf("p"))}, count(*) FROM products AS p WHERE ${sql.raw(counted("p"))}
        GROUP BY ${sql.raw(keyOf("p"))}`.execute(db);

      // Like every column of products, a change of the set raises the catalogue generation (decision 0032), though
      // the variants' change that made it has raised it already.
      const raise = "UPDATE catalogue_generation SET generation = generation + 1 WHERE id = 1";
      await (sqlite
        ? sql`CREATE TRIGGER products_raise_generation_colour_set AFTER UPDATE OF colour_set_id ON products
            BEGIN ${sql.raw(raise)}; END`
        : sql`CREATE CONSTRAINT TRIGGER products_raise_generation_colour_set AFTER UPDATE OF colour_set_id ON products
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_catalogue_generation()`
      ).execute(db);

      if (sqlite) {
        // A product's set worked out again from its variants (none once the product is gone): the set added when
        // new, with its members, then named by the product.
        const refresh = (productId: string) => `
          INSERT INTO colour_sets (colours) SELECT colours FROM (SELECT ${setOf(productId)} AS colours)
            WHERE colours IS NOT NULL AND EXISTS (SELECT 1 FROM products WHERE id = ${productId})
            ON CONFLICT (colours) DO NOTHING;
          INSERT INTO colour_set_members (color_key, colour_set_id)
            SELECT DISTINCT lower(v.color_name), s.id FROM product_variants AS v JOIN colour_sets AS s ON s.colours = ${setOf(productId)}
            WHERE v.product_id = ${productId} ON CONFLICT DO NOTHING;
          UPDATE products SET colour_set_id = named.id
            FROM (SELECT (SELECT id FROM colour_sets WHERE colours = ${setOf(productId)}) AS id) AS named
            WHERE products.id = ${productId} AND products.colour_set_id IS NOT named.id;`;
        // Whether the variant's colour is its product's only one of that colour: else the set stays as it is.
        const onlyOfItsColour = (row: string) => `NOT EXISTS (SELECT 1 FROM product_variants AS v
          WHERE v.product_id = ${row}.product_id AND lower(v.color_name) = lower(${row}.color_name) AND v.id <> ${row}.id)`;
        await sql`CREATE TRIGGER colour_sets_variant_insert AFTER INSERT ON product_variants
          WHEN ${sql.raw(onlyOfItsColour("new"))} BEGIN ${sql.raw(refresh("new.product_id"))} END`.execute(db);
        await sql`CREATE TRIGGER colour_sets_variant_delete AFTER DELETE ON product_variants
          WHEN ${sql.raw(onlyOfItsColour("old"))} BEGIN ${sql.raw(refresh("old.product_id"))} END`.execute(db);
        await sql`CREATE TRIGGER colour_sets_variant_update AFTER UPDATE OF product_id, color_name ON product_variants
          WHEN old.product_id <> new.product_id OR lower(old.color_name) <> lower(new.color_name)
          BEGIN ${sql.raw(refresh("old.product_id"))} ${sql.raw(refresh("new.product_id"))} END`.execute(db);

        // INSERT … SELECT takes ON CONFLICT only after a WHERE clause (SQLite's parser); these have theirs.
        const add = (row: string) => `INSERT INTO product_colour_set_counts (${columns}, products)
          SELECT ${keyOf(row)}, 1 WHERE ${counted(row)} ${conflict} SET products = products + 1`;
        const remove = (row: string) =>
          `UPDATE product_colour_set_counts SET products = products - 1 WHERE ${counted(row)} AND ${sameKey(row)};
          DELETE FROM product_colour_set_counts WHERE products = 0 AND ${counted(row)} AND ${sameKey(row)}`;
        await sql`CREATE TRIGGER colour_set_counts_product_insert AFTER INSERT ON products
          BEGIN ${sql.raw(add("new"))}; END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_product_delete AFTER DELETE ON products
          BEGIN ${sql.raw(remove("old"))}; END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_product_update
          AFTER UPDATE OF colour_set_id, status, current_price_pence, category_id, size_mask, stock_total ON products
          WHEN old.colour_set_id IS NOT new.colour_set_id OR old.status <> new.status
            OR old.current_price_pence <> new.current_price_pence OR old.category_id <> new.category_id
            OR old.size_mask <> new.size_mask OR (old.stock_total > 0) <> (new.stock_total > 0)
          BEGIN ${sql.raw(remove("old"))}; ${sql.raw(add("new"))}; END`.execute(db);
        return;
      }

      await sql`CREATE FUNCTION colour_sets_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          -- Each statement below reads the variants as committed once the products are locked.
          PERFORM 1 FROM products WHERE id = ANY (product_ids) ORDER BY id FOR NO KEY UPDATE;
          INSERT INTO colour_sets (colours)
            SELECT DISTINCT colours FROM (SELECT ${sql.raw(setOf("p.id"))} AS colours FROM products AS p
              WHERE p.id = ANY (product_ids)) AS sets
            WHERE colours IS NOT NULL ON CONFLICT (colours) DO NOTHING;
          INSERT INTO colour_set_members (color_key, colour_set_id)
            SELECT DISTINCT lower(v.color_name), s.id FROM product_variants AS v
            JOIN colour_sets AS s ON s.colours = ${sql.raw(setOf("v.product_id"))}
            WHERE v.product_id = ANY (product_ids) ON CONFLICT DO NOTHING;
          UPDATE products AS p SET colour_set_id = s.id
            FROM products AS q LEFT JOIN colour_sets AS s ON s.colours = ${sql.raw(setOf("q.id"))}
            WHERE q.id = p.id AND p.id = ANY (product_ids) AND p.colour_set_id IS DISTINCT FROM s.id;
        END $$`.execute(db);
      const fn = (name: string, ids: string) => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM colour_sets_refresh(${sql.raw(ids)}); RETURN NULL; END $$`;
      await fn("colour_sets_variants_added", "ARRAY(SELECT DISTINCT product_id FROM added_rows)").execute(db);
      await fn("colour_sets_variants_removed", "ARRAY(SELECT DISTINCT product_id FROM removed_rows)").execute(db);
      await fn("colour_sets_variant_changed", "ARRAY[OLD.product_id, NEW.product_id]").execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_insert AFTER INSERT ON product_variants
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_sets_variants_added()`.execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_delete AFTER DELETE ON product_variants
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_sets_variants_removed()`.execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_update AFTER UPDATE OF product_id, color_name ON product_variants FOR EACH ROW
        WHEN (OLD.product_id <> NEW.product_id OR lower(OLD.color_name) <> lower(NEW.color_name))
        EXECUTE FUNCTION colour_sets_variant_changed()`.execute(db);

      const removedKey = `f.colour_set_id = removed.colour_set_id AND f.current_price_pence = removed.current_price_pence
        AND f.category_id = removed.category_id AND f.size_mask = removed.size_mask AND f.in_stock = removed.in_stock`;
      const grouped = (rows: string) =>
        `SELECT ${keyOf(rows)} AS in_stock, count(*) AS n FROM ${rows} WHERE ${counted(rows)} GROUP BY 1, 2, 3, 4, 5`;
      await sql`CREATE FUNCTION colour_set_counts_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO product_colour_set_counts AS f (${sql.raw(columns)}, products)
          SELECT ${sql.raw(columns)}, n FROM (${sql.raw(grouped("added_rows"))}) AS added
          ${sql.raw(conflict)} SET products = f.products + excluded.products;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION colour_set_counts_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE product_colour_set_counts AS f SET products = f.products - removed.n FROM (${sql.raw(grouped("removed_rows"))}) AS removed
          WHERE ${sql.raw(removedKey)};
          DELETE FROM product_colour_set_counts AS f USING (${sql.raw(grouped("removed_rows"))}) AS removed
          WHERE ${sql.raw(removedKey)} AND f.products = 0;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE FUNCTION colour_set_counts_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF ${sql.raw(counted("OLD"))} THEN
            UPDATE product_colour_set_counts SET products = products - 1 WHERE ${sql.raw(sameKey("OLD"))};
            DELETE FROM product_colour_set_counts WHERE products = 0 AND ${sql.raw(sameKey("OLD"))};
          END IF;
          IF ${sql.raw(counted("NEW"))} THEN
            INSERT INTO product_colour_set_counts AS f (${sql.raw(columns)}, products) VALUES (${sql.raw(keyOf("NEW"))}, 1)
            ${sql.raw(conflict)} SET products = f.products + 1;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER colour_set_counts_product_insert AFTER INSERT ON products
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_counts_rows_added()`.execute(db);
      await sql`CREATE TRIGGER colour_set_counts_product_delete AFTER DELETE ON products
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_counts_rows_removed()`.execute(db);
      await sql`CREATE TRIGGER colour_set_counts_product_update
        AFTER UPDATE OF colour_set_id, status, current_price_pence, category_id, size_mask, stock_total ON products FOR EACH ROW
        WHEN ((OLD.colour_set_id, OLD.status, OLD.current_price_pence, OLD.category_id, OLD.size_mask, OLD.stock_total > 0)
          IS DISTINCT FROM (NEW.colour_set_id, NEW.status, NEW.current_price_pence, NEW.category_id, NEW.size_mask, NEW.stock_total > 0))
        EXECUTE FUNCTION colour_set_counts_row_changed()`.execute(db);
    },
  };
}
