import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * The Active products of each colour set per price, whatever their category, sizes or stock: a listing of several
 * colours and no other filter sums the rows of the sets holding any of them (per price, which a price sort starts
 * its page from) instead of every combination of those sets in product_colour_set_counts. Sets times the shop's
 * price points grow far more slowly with the catalogue than the combinations with categories, sizes and stock
 * (decision 0068). A row left at 0 stays (its set and price may come back).
 *
 * Kept by triggers (additive: an older release's writes keep it in step too) on what a row depends on and nothing
 * else: a product's set named, changed or dropped, its status in or out of Active or its price changed, and a
 * product deleted (BEFORE DELETE, while its set is still named; the set's own row then goes with the product,
 * which the set trigger no longer finds Active). Stock, categories and sizes never touch it, so a checkout that
 * sells the last unit locks none of its rows. PostgreSQL counts a statement's sets once, as a bulk insert names
 * thousands. Frozen: later changes go in new migrations.
 */
export function colourSetTotals(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const sqlite = dialect === "sqlite";
      const table = db.schema
        .createTable("colour_set_totals")
        .addColumn("colour_set_id", "integer", (c) => c.notNull().references("colour_sets.id"))
        .addColumn("current_price_pence", "integer", (c) => c.notNull())
        .addColumn("products", "integer", (c) => c.notNull().check(sql`products >= 0`))
        // A set's prices are a range of the primary key.
        .addPrimaryKeyConstraint("colour_set_totals_pkey", ["colour_set_id", "current_price_pence"]);
      await (sqlite ? table.modifyEnd(sql`WITHOUT ROWID`) : table).execute();
      await sql`INSERT INTO colour_set_totals (colour_set_id, current_price_pence, products)
        SELECT s.colour_set_id, p.current_price_pence, count(*) FROM product_colour_sets AS s
        JOIN products AS p ON p.id = s.product_id WHERE p.status = 'Active'
        GROUP BY s.colour_set_id, p.current_price_pence`.execute(db);

      const conflict = "ON CONFLICT (colour_set_id, current_price_pence) DO UPDATE";
      // One product (`p`, picked by `from` and `where`) into, or out of, the row of its set (`set`) and price.
      const add = (set: string, p: string, from: string, where: string) =>
        `INSERT INTO colour_set_totals (colour_set_id, current_price_pence, products)
          SELECT ${set}, ${p}.current_price_pence, 1 FROM ${from} WHERE ${where} AND ${p}.status = 'Active'
          ${conflict} SET products = colour_set_totals.products + 1;`;
      const take = (set: string, p: string, from: string, where: string) =>
        `UPDATE colour_set_totals SET products = products - 1
          WHERE (colour_set_id, current_price_pence) IN (SELECT ${set}, ${p}.current_price_pence FROM ${from} WHERE ${where} AND ${p}.status = 'Active');`;
      const ofSet = (row: "old" | "new") => [`${row}.colour_set_id`, "p", "products AS p", `p.id = ${row}.product_id`] as const;
      const ofProduct = (row: "old" | "new") => ["s.colour_set_id", row, "product_colour_sets AS s", `s.product_id = ${row}.id`] as const;
      const moved = "(old.status = 'Active') <> (new.status = 'Active') OR old.current_price_pence <> new.current_price_pence";

      if (sqlite) {
        await sql`CREATE TRIGGER colour_set_totals_product_set_insert AFTER INSERT ON product_colour_sets
          BEGIN ${sql.raw(add(...ofSet("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_set_delete AFTER DELETE ON product_colour_sets
          BEGIN ${sql.raw(take(...ofSet("old")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_set_update AFTER UPDATE OF colour_set_id ON product_colour_sets
          BEGIN ${sql.raw(take(...ofSet("old")))} ${sql.raw(add(...ofSet("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_update AFTER UPDATE OF status, current_price_pence ON products
          WHEN ${sql.raw(moved)} BEGIN ${sql.raw(take(...ofProduct("old")))} ${sql.raw(add(...ofProduct("new")))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_delete BEFORE DELETE ON products
          BEGIN ${sql.raw(take(...ofProduct("old")))} END`.execute(db);
        return;
      }

      const fn = (name: string, body: string, returns = "NULL") => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger
        LANGUAGE plpgsql AS $$ BEGIN ${sql.raw(body)} RETURN ${sql.raw(returns)}; END $$`;
      // A statement's rows of product_colour_sets (`rows`) whose product is Active, per set and price.
      const grouped = (rows: string) => `SELECT r.colour_set_id, p.current_price_pence, count(*) AS n
        FROM ${rows} AS r JOIN products AS p ON p.id = r.product_id WHERE p.status = 'Active' GROUP BY 1, 2`;
      const addAll = (rows: string) => `INSERT INTO colour_set_totals AS t (colour_set_id, current_price_pence, products)
        SELECT colour_set_id, current_price_pence, n FROM (${grouped(rows)}) AS d
        ${conflict} SET products = t.products + excluded.products;`;
      const takeAll = (rows: string) => `UPDATE colour_set_totals AS t SET products = t.products - d.n FROM (${grouped(rows)}) AS d
        WHERE t.colour_set_id = d.colour_set_id AND t.current_price_pence = d.current_price_pence;`;
      await fn("colour_set_totals_product_sets_named", addAll("new_rows")).execute(db);
      await fn("colour_set_totals_product_sets_dropped", takeAll("old_rows")).execute(db);
      await fn("colour_set_totals_product_sets_changed", `${takeAll("old_rows")} ${addAll("new_rows")}`).execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_insert AFTER INSERT ON product_colour_sets
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_totals_product_sets_named()`.execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_delete AFTER DELETE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_totals_product_sets_dropped()`.execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_update AFTER UPDATE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION colour_set_totals_product_sets_changed()`.execute(db);
      await fn("colour_set_totals_product_changed", `${take(...ofProduct("old"))} ${add(...ofProduct("new"))}`).execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_update AFTER UPDATE OF status, current_price_pence ON products FOR EACH ROW
        WHEN (${sql.raw(moved)}) EXECUTE FUNCTION colour_set_totals_product_changed()`.execute(db);
      await fn("colour_set_totals_product_delete", take(...ofProduct("old")), "OLD").execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_delete BEFORE DELETE ON products FOR EACH ROW
        EXECUTE FUNCTION colour_set_totals_product_delete()`.execute(db);
    },
  };
}
