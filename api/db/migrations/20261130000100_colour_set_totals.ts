import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * The Active products of each colour set, whatever their price, category, sizes or stock: a listing of several
 * colours and no other filter sums the totals of the sets holding any of them (a few hundred rows at most, one per
 * set) instead of every combination of those sets in product_colour_set_counts, which grow with the catalogue
 * (decision 0068). A set gets its row, at 0, when it is named (sets are never deleted).
 *
 * Kept by triggers (additive: an older release's writes keep it in step too) on what a total depends on and
 * nothing else: a product's set named, changed or dropped, a product's status in or out of Active, and a product
 * deleted (BEFORE DELETE, while its set is still named; the set's own row then goes with the product, which the set
 * trigger no longer finds Active). Stock, prices, categories and sizes never touch it, so a checkout that sells
 * the last unit locks no total. PostgreSQL counts a statement's sets once, as a bulk insert names thousands.
 * Frozen: later changes go in new migrations.
 */
export function colourSetTotals(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const sqlite = dialect === "sqlite";
      await db.schema
        .createTable("colour_set_totals")
        .addColumn("colour_set_id", "integer", (c) => c.primaryKey().references("colour_sets.id"))
        .addColumn("products", "integer", (c) => c.notNull().check(sql`products >= 0`))
        .execute();
      await sql`INSERT INTO colour_set_totals (colour_set_id, products)
        SELECT colour_sets.id, count(products.id) FROM colour_sets
        LEFT JOIN product_colour_sets ON product_colour_sets.colour_set_id = colour_sets.id
        LEFT JOIN products ON products.id = product_colour_sets.product_id AND products.status = 'Active'
        GROUP BY colour_sets.id`.execute(db);

      // `delta` products into (or out of) the total of the set `set`.
      const move = (set: string, delta: string) =>
        `UPDATE colour_set_totals SET products = products + ${delta} WHERE colour_set_id = ${set};`;
      const isActive = (productId: string) => `EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND status = 'Active')`;
      const setOfProduct = (productId: string) => `(SELECT colour_set_id FROM product_colour_sets WHERE product_id = ${productId})`;
      const statusMoved = "(old.status = 'Active') <> (new.status = 'Active')";
      const statusDelta = "CASE WHEN new.status = 'Active' THEN 1 ELSE -1 END";

      if (sqlite) {
        await sql`CREATE TRIGGER colour_set_totals_set_named AFTER INSERT ON colour_sets
          BEGIN INSERT INTO colour_set_totals (colour_set_id, products) VALUES (new.id, 0); END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_set_insert AFTER INSERT ON product_colour_sets
          WHEN ${sql.raw(isActive("new.product_id"))} BEGIN ${sql.raw(move("new.colour_set_id", "1"))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_set_delete AFTER DELETE ON product_colour_sets
          WHEN ${sql.raw(isActive("old.product_id"))} BEGIN ${sql.raw(move("old.colour_set_id", "-1"))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_set_update AFTER UPDATE OF colour_set_id ON product_colour_sets
          WHEN old.colour_set_id <> new.colour_set_id AND ${sql.raw(isActive("new.product_id"))}
          BEGIN ${sql.raw(move("old.colour_set_id", "-1"))} ${sql.raw(move("new.colour_set_id", "1"))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_status AFTER UPDATE OF status ON products WHEN ${sql.raw(statusMoved)}
          BEGIN ${sql.raw(move(setOfProduct("new.id"), statusDelta))} END`.execute(db);
        await sql`CREATE TRIGGER colour_set_totals_product_delete BEFORE DELETE ON products WHEN old.status = 'Active'
          BEGIN ${sql.raw(move(setOfProduct("old.id"), "-1"))} END`.execute(db);
        return;
      }

      const fn = (name: string, body: string, returns = "NULL") => sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger
        LANGUAGE plpgsql AS $$ BEGIN ${sql.raw(body)} RETURN ${sql.raw(returns)}; END $$`;
      // A statement's rows of product_colour_sets (`rows`) whose product is Active, per set, into (`sign` 1) or out
      // of (-1) the totals.
      const moveAll = (rows: string, sign: 1 | -1) => `UPDATE colour_set_totals AS t SET products = t.products + ${sign} * d.n
        FROM (SELECT r.colour_set_id, count(*) AS n FROM ${rows} AS r JOIN products AS p ON p.id = r.product_id
          WHERE p.status = 'Active' GROUP BY r.colour_set_id) AS d
        WHERE t.colour_set_id = d.colour_set_id;`;
      await fn(
        "colour_set_totals_set_named",
        "INSERT INTO colour_set_totals (colour_set_id, products) SELECT id, 0 FROM new_rows;",
      ).execute(db);
      await sql`CREATE TRIGGER colour_set_totals_set_named AFTER INSERT ON colour_sets
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_totals_set_named()`.execute(db);
      await fn("colour_set_totals_product_sets_named", moveAll("new_rows", 1)).execute(db);
      await fn("colour_set_totals_product_sets_dropped", moveAll("old_rows", -1)).execute(db);
      await fn("colour_set_totals_product_sets_changed", `${moveAll("old_rows", -1)} ${moveAll("new_rows", 1)}`).execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_insert AFTER INSERT ON product_colour_sets
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_totals_product_sets_named()`.execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_delete AFTER DELETE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION colour_set_totals_product_sets_dropped()`.execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_set_update AFTER UPDATE ON product_colour_sets
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION colour_set_totals_product_sets_changed()`.execute(db);
      await fn("colour_set_totals_product_status", move(setOfProduct("new.id"), statusDelta)).execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_status AFTER UPDATE OF status ON products FOR EACH ROW
        WHEN (${sql.raw(statusMoved)}) EXECUTE FUNCTION colour_set_totals_product_status()`.execute(db);
      await fn("colour_set_totals_product_delete", move(setOfProduct("old.id"), "-1"), "OLD").execute(db);
      await sql`CREATE TRIGGER colour_set_totals_product_delete BEFORE DELETE ON products FOR EACH ROW
        WHEN (old.status = 'Active') EXECUTE FUNCTION colour_set_totals_product_delete()`.execute(db);
    },
  };
}
