import { type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/**
 * The database raises the catalogue generation itself, on every change to what the shop's public pages show, so no
 * write can forget to (additive: a release that still raises it by hand only raises it twice).
 *
 * Watched: every column of products but `view_count` (the trending signal, bounded by the caches' own age
 * instead: raising on every view would empty them), of product variants, images and fits, categories, lookup
 * values and reviews; promo codes but their `times_used` (each order with a code counts one, and its stock change
 * raises the generation already); the exchange rates' `rates`.
 *
 * PostgreSQL: a deferred constraint trigger, so the generation row is written at commit, the last lock the
 * transaction takes (never inside another lock order: decision 0056), once per transaction (a transaction-local
 * setting marks it raised). SQLite: a row trigger per write; SQLite runs one writer at a time, so no lock order
 * can be crossed.
 * Frozen: a later column on a watched table goes in a new migration that recreates that table's triggers
 * (`catalogue-generation-triggers.test.ts` fails until it does).
 */
export const WATCHED_TABLES: Readonly<Record<string, { unwatched: readonly string[] }>> = {
  products: { unwatched: ["view_count"] },
  product_variants: { unwatched: [] },
  product_images: { unwatched: [] },
  product_fits: { unwatched: [] },
  categories: { unwatched: [] },
  lookup_values: { unwatched: [] },
  reviews: { unwatched: [] },
  promo_codes: { unwatched: ["times_used"] },
  exchange_rates: { unwatched: ["fetched_at", "fresh_until", "refreshing_since"] },
};

const RAISE = "UPDATE catalogue_generation SET generation = generation + 1 WHERE id = 1";

export function catalogueGenerationTriggers(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "postgres") {
        await sql`CREATE FUNCTION raise_catalogue_generation() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF current_setting('shop.catalogue_generation_raised', true) IS DISTINCT FROM 'yes' THEN
              PERFORM set_config('shop.catalogue_generation_raised', 'yes', true);
              ${sql.raw(RAISE)};
            END IF;
            RETURN NULL;
          END $$`.execute(db);
      }
      for (const [table, { unwatched }] of Object.entries(WATCHED_TABLES)) {
        const columns = (await db.introspection.getTables()).find((found) => found.name === table)?.columns.map((column) => column.name);
        if (!columns) throw new Error(`no table ${table}`);
        const watched = columns.filter((column) => !unwatched.includes(column)).join(", ");
        const events = ["INSERT", `UPDATE OF ${watched}`, "DELETE"];
        if (dialect === "postgres") {
          await sql`CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_raise_generation`)}
            AFTER ${sql.raw(events.join(" OR "))} ON ${sql.table(table)}
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_catalogue_generation()`.execute(db);
          continue;
        }
        for (const event of events) {
          const name = `${table}_raise_generation_${event.split(" ")[0].toLowerCase()}`;
          await sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
            BEGIN ${sql.raw(RAISE)}; END`.execute(db);
        }
      }
    },
  };
}
