import { type Kysely, sql } from "kysely";

/**
 * The partial price index of active products gets the id right after the price, so a page sorted by price is read
 * in index order (price, then id, as the listing sorts) and stops after the page. Without it a price sort with
 * filters sorted each price's products by id first: at a million products, about 11,000 rows per price, each with
 * its colour tested (decision 0068). The filter columns stay in the index, after the id. Made under a new name
 * before the old one goes, so the listing never runs without a price index; the old release reads the same
 * tables (additive for a rolling deploy). Frozen: later changes go in new migrations.
 */
export function activePriceIndexById() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await sql`CREATE INDEX products_active_price_id_idx ON products (current_price_pence, id, stock_total, category_id, size_mask) WHERE status = 'Active'`.execute(
        db,
      );
      await db.schema.dropIndex("products_active_price_idx").execute();
    },
  };
}
