import { type Kysely, sql } from "kysely";

/**
 * `catalogue_generation`: one row whose number every write that changes what the catalogue shows (stock, prices,
 * products, reviews) raises in its own transaction. Every process reads it about once a second and keeps its
 * catalogue reads and pages only while it is unchanged, so instances, workers and the operator CLI agree within a
 * stated bound (`CATALOGUE_FRESHNESS`). Additive. Frozen: later changes go in new migrations.
 */
export function catalogueGeneration() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("catalogue_generation")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("generation", "integer", (c) => c.notNull())
        .execute();
      await sql`INSERT INTO catalogue_generation (id, generation) VALUES (1, 0)`.execute(db);
    },
  };
}
