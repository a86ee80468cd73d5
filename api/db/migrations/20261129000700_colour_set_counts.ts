import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * Colour sets, for a listing filtered by several colours: it counts a product once however many of the colours it
 * has, which no per-colour count (product_colour_facet_counts) says. Each distinct set of a product's colours
 * (lower-cased, once each) is a row of `colour_sets`, identified by the list of its colours in order as the
 * database writes a list (a JSON array on SQLite, a text array on PostgreSQL: unambiguous whatever a name holds),
 * with one row per colour in `colour_set_members`; `product_colour_sets` names each product's set (none without
 * variants). `product_colour_set_counts` counts the Active products per set and combination of the other filtered
 * columns (price, category, size mask, in stock or not), so a listing of several colours sums the rows of the sets
 * holding any of them. Sets are never deleted: they number the combinations of colours the catalogue has had (658
 * for a million synthetic products), not the products. A count that falls to 0 loses its row: SQLite writes a new
 * product's variants one by one, passing it through the sets of its first colours. A product's set is a row of its
 * own, not a column of products: setting it never rewrites the product (PostgreSQL would write a new version of
 * the row and work out its search vector again).
 *
 * Kept by triggers (additive: an older release's writes keep it in step too): a variant that is its product's
 * first of a colour or its last, moved or recoloured works out its product's set again; a product's set named,
 * changed or dropped moves its count, and so does a product's change of status, price, category, sizes or crossing
 * zero stock; a product deleted takes its count away first (BEFORE DELETE, while its set is still named).
 * PostgreSQL works out the sets of a statement's variants once, after locking their products, so two transactions
 * changing one product's variants at once cannot leave it with the set of either alone. Frozen: later changes go
 * in new migrations.
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
      const withoutRowid = <T extends { modifyEnd: (m: ReturnType<typeof sql>) => T; execute: () => Promise<void> }>(table: T) =>
        (sqlite ? table.modifyEnd(sql`WITHOUT ROWID`) : table).execute();
      await withoutRowid(
        db.schema
          .createTable("colour_set_members")
          .addColumn("color_key", "text", (c) => c.notNull())
          .addColumn("colour_set_id", "integer", (c) => c.notNull().references("colour_sets.id"))
          // A colour's sets are a range of the primary key.
          .addPrimaryKeyConstraint("colour_set_members_pkey", ["color_key", "colour_set_id"]),
      );
      await db.schema
        .createTable("product_colour_sets")
        .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
        .addColumn("colour_set_id", "integer", (c) => c.notNull().references("colour_sets.id"))
        .execute();
      await withoutRowid(
        db.schema
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
          ]),
      );

      // The set of one product's variants (`productId` an SQL expression), null without variants.
      const setOf = (productId: string) =>
        sqlite
          ? `(SELECT nullif(json_group_array(color_key ORDER BY color_key), '[]')
              FROM (SELECT DISTINCT lower(color_name) AS color_key FROM product_variants WHERE product_id = ${productId}))`
          : `(SELECT array_agg(DISTINCT lower(color_name) ORDER BY lower(color_name))::text
              FROM product_variants WHERE product_id = ${productId})`;
      const inStockOf = (row: string) => (sqlite ? `${row}.stock_total > 0` : `(${row}.stock_total > 0)::int`);
      const columns = "colour_set_id, current_price_pence, category_id, size_mask, in_stock";
      // A product's row of the counts: its set (`set`, an SQL expression) with the product's (`p`) facet columns.
      const keyOf = (set: string, p: string) => `${set}, ${p}.current_price_pence, ${p}.category_id, ${p}.size_mask, ${inStockOf(p)}`;
      const conflict = `ON CONFLICT (${columns}) DO UPDATE`;

      // The sets, each product's, their members, then the counts.
      await sql`INSERT INTO colour_sets (colours)
        SELECT DISTINCT colours FROM (SELECT ${sql.raw(setOf("products.id"))} AS colours FROM products) AS sets
        WHERE colours IS NOT NULL`.execute(db);
      await sql`INSERT INTO product_colour_sets (product_id, colour_set_id)
        SELECT products.id, colour_sets.id FROM products JOIN colour_sets ON colour_sets.colours = ${sql.raw(setOf("products.id"))}`.execute(
        db,
      );
      await sql`INSERT INTO colour_set_members (color_key, colour_set_id)
        SELECT DISTINCT lower(v.color_name), s.colour_set_id FROM product_colour_sets AS s
        JOIN product_variants AS v ON v.product_id = s.product_id`.execute(db);
      await sql`INSERT INTO product_colour_set_counts (${sql.raw(columns)}, products)
        SELECT ${sql.raw(keyOf("s.colour_set_id", "p"))}, count(*) FROM product_colour_sets AS s
        JOIN products AS p ON p.id = s.product_id WHERE p.status = 'Active'
        GROUP BY ${sql.raw(keyOf("s.colour_set_id", "p"))}`.execute(db);

      const target = "product_colour_set_counts";
      // One product out of, or into, the count of its set (`set`) and facet columns (`p`), when it is Active: `from`
      // and `where` pick the product, or its set, for a trigger's row. The key is matched as a row value, which
      // both databases look up in the primary key.
      const take = (set: string, p: string, from: string, where: string) =>
        `UPDATE ${target} SET products = products - 1
          WHERE (${columns}) IN (SELECT ${keyOf(set, p)} FROM ${from} WHERE ${where} AND ${p}.status = 'Active');
        DELETE FROM ${target} WHERE products = 0 AND (${columns}) IN (SELECT ${keyOf(set, p)} FROM ${from} WHERE ${where});`;
      const add = (set: string, p: string, from: string, where: string) =>
        `INSERT INTO ${target} (${columns}, products) SELECT ${keyOf(set, p)}, 1 FROM ${from} WHERE ${where} AND ${p}.status = 'Active'
        ${conflict} SET products = ${target}.products + 1;`;
      const ofSet = (row: "old" | "new") => [`${row}.colour_set_id`, "p", "products AS p", `p.id = ${row}.product_id`] as const;
      const ofProduct = (row: "old" | "new") => ["s.colour_set_id", row, "product_colour_sets AS s", `s.product_id = ${row}.id`] as const;
      const facetsChanged = (old: string, row: string) =>
        `${old}.status <> ${row}.status OR ${old}.current_price_pence <> ${row}.current_price_pence
          OR ${old}.category_id <> ${row}.category_id OR ${old}.size_mask <> ${row}.size_mask
          OR (${old}.stock_total > 0) <> (${row}.stock_total > 0)`;
      // A set's colours (of `s`, a row of colour_sets), as rows `m` with the colour in `m.value`.
      const membersOfSet = sqlite ? "json_each(s.colours) AS m" : "unnest(s.colours::text[]) AS m(value)";
      // Names the set of the products `productIds` picks (an SQL condition on a product id column) from their
      // variants now: a set gets its members (once: the primary key), a product without variants no set.
      const nameSets = (productIds: (column: string) => string) => `
        INSERT INTO colour_sets (colours)
          SELECT DISTINCT colours FROM (SELECT ${setOf("p.id")} AS colours FROM products AS p WHERE ${productIds("p.id")}) AS sets
          WHERE colours IS NOT NULL ON CONFLICT (colours) DO NOTHING;
        INSERT INTO colour_set_members (color_key, colour_set_id)
          SELECT m.value, s.id FROM colour_sets AS s, ${membersOfSet}
          WHERE s.colours IN (SELECT ${setOf("p.id")} FROM products AS p WHERE ${productIds("p.id")}) ON CONFLICT DO NOTHING;
        DELETE FROM product_colour_sets WHERE ${productIds("product_colour_sets.product_id")}
          AND NOT EXISTS (SELECT 1 FROM product_variants AS v WHERE v.product_id = product_colour_sets.product_id);
        INSERT INTO product_colour_sets (product_id, colour_set_id)
          SELECT p.id, s.id FROM products AS p JOIN colour_sets AS s ON s.colours = ${setOf("p.id")} WHERE ${productIds("p.id")}
          ON CONFLICT (product_id) DO UPDATE SET colour_set_id = excluded.colour_set_id
          WHERE product_colour_sets.colour_set_id <> excluded.colour_set_id;`;

      if (sqlite) {
        // Whether the variant is its product's only one of its colour: else the product's set stays as it is.
        const onlyOfItsColour = (row: string) => `NOT EXISTS (SELECT 1 FROM product_variants AS v
          WHERE v.product_id = ${row}.product_id AND lower(v.color_name) = lower(${row}.color_name) AND v.id <> ${row}.id)`;
        const ofVariant = (row: string) => (column: string) => `${column} = ${row}.product_id`;
        await sql`CREATE TRIGGER colour_sets_variant_insert AFTER INSERT ON product_variants WHEN ${sql.raw(onlyOfItsColour("new"))}
          BEGIN ${sql.raw(nameSets(ofVariant("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_sets_variant_delete AFTER DELETE ON product_variants WHEN ${sql.raw(onlyOfItsColour("old"))}
          BEGIN ${sql.raw(nameSets(ofVariant("old")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_sets_variant_update AFTER UPDATE OF product_id, color_name ON product_variants
          WHEN old.product_id <> new.product_id OR lower(old.color_name) <> lower(new.color_name)
          BEGIN ${sql.raw(nameSets((column) => `${column} IN (old.product_id, new.product_id)`))} END`.execute(db);

        await sql`CREATE TRIGGER colour_set_counts_set_insert AFTER INSERT ON product_colour_sets
          BEGIN ${sql.raw(add(...ofSet("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_set_delete AFTER DELETE ON product_colour_sets
          BEGIN ${sql.raw(take(...ofSet("old")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_set_update AFTER UPDATE OF colour_set_id ON product_colour_sets
          BEGIN ${sql.raw(take(...ofSet("old")))} ${sql.raw(add(...ofSet("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_product_update
          AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total ON products
          WHEN ${sql.raw(facetsChanged("old", "new"))}
          BEGIN ${sql.raw(take(...ofProduct("old")))} ${sql.raw(add(...ofProduct("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_counts_product_delete BEFORE DELETE ON products
          BEGIN ${sql.raw(take(...ofProduct("old")))} END`.execute(db);
        return;
      }

      const fn = (name: string, body: string, returns = "NULL") => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger
        LANGUAGE plpgsql AS $$ BEGIN ${sql.raw(body)} RETURN ${sql.raw(returns)}; END $$`;
      await sql`CREATE FUNCTION colour_sets_name(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          -- Each statement below reads the variants as committed once the products are locked.
          PERFORM 1 FROM products WHERE id = ANY (product_ids) ORDER BY id FOR NO KEY UPDATE;
          ${sql.raw(nameSets((column) => `${column} = ANY (product_ids)`))}
        END $$`.execute(db);
      await fn("colour_sets_variants_added", "PERFORM colour_sets_name(ARRAY(SELECT DISTINCT product_id FROM added_rows));").execute(db);
      await fn("colour_sets_variants_removed", "PERFORM colour_sets_name(ARRAY(SELECT DISTINCT product_id FROM removed_rows));").execute(
        db,
      );
      await fn("colour_sets_variant_changed", "PERFORM colour_sets_name(ARRAY[old.product_id, new.product_id]);").execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_insert AFTER INSERT ON product_variants
        REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_sets_variants_added()`.execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_delete AFTER DELETE ON product_variants
        REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_sets_variants_removed()`.execute(db);
      await sql`CREATE TRIGGER colour_sets_variant_update AFTER UPDATE OF product_id, color_name ON product_variants FOR EACH ROW
        WHEN (old.product_id <> new.product_id OR lower(old.color_name) <> lower(new.color_name))
        EXECUTE FUNCTION colour_sets_variant_changed()`.execute(db);

      // A statement's rows of product_colour_sets (`rows`), their Active products counted per set and facet columns:
      // per statement, as a bulk insert names thousands of sets at once.
      const grouped = (rows: string) => `SELECT ${keyOf("r.colour_set_id", "p")} AS in_stock, count(*) AS n
        FROM ${rows} AS r JOIN products AS p ON p.id = r.product_id WHERE p.status = 'Active' GROUP BY 1, 2, 3, 4, 5`;
      const sameRow = columns
        .split(", ")
        .map((column) => `f.${column} = t.${column}`)
        .join(" AND ");
      const takeAll = (rows: string) => `UPDATE ${target} AS f SET products = f.products - t.n FROM (${grouped(rows)}) AS t
        WHERE ${sameRow}; DELETE FROM ${target} AS f USING (${grouped(rows)}) AS t WHERE ${sameRow} AND f.products = 0;`;
      const addAll = (rows: string) => `INSERT INTO ${target} AS f (${columns}, products) SELECT ${columns}, n FROM (${grouped(rows)}) AS t
        ${conflict} SET products = f.products + excluded.products;`;
      await fn("colour_set_counts_sets_named", addAll("new_rows")).execute(db);
      await fn("colour_set_counts_sets_dropped", takeAll("old_rows")).execute(db);
      await fn("colour_set_counts_sets_changed", `${takeAll("old_rows")} ${addAll("new_rows")}`).execute(db);
      await sql`CREATE TRIGGER colour_set_counts_set_insert AFTER INSERT ON product_colour_sets
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_counts_sets_named()`.execute(db);
      await sql`CREATE TRIGGER colour_set_counts_set_delete AFTER DELETE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_counts_sets_dropped()`.execute(db);
      await sql`CREATE TRIGGER colour_set_counts_set_update AFTER UPDATE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION colour_set_counts_sets_changed()`.execute(db);
      await fn("colour_set_counts_product_changed", `${take(...ofProduct("old"))} ${add(...ofProduct("new"))}`).execute(db);
      await sql`CREATE TRIGGER colour_set_counts_product_update
        AFTER UPDATE OF status, current_price_pence, category_id, size_mask, stock_total ON products FOR EACH ROW
        WHEN (${sql.raw(facetsChanged("old", "new"))}) EXECUTE FUNCTION colour_set_counts_product_changed()`.execute(db);
      await fn("colour_set_counts_product_deleted", take(...ofProduct("old")), "OLD").execute(db);
      await sql`CREATE TRIGGER colour_set_counts_product_delete BEFORE DELETE ON products
        FOR EACH ROW EXECUTE FUNCTION colour_set_counts_product_deleted()`.execute(db);
    },
  };
}
