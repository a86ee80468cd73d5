import { type Kysely, sql } from "kysely";

/**
 * `exchange_rates`: the exchange-rate service's last answer (one row), fetched by one process at a time and read by
 * all, so every instance converts prices at the same rates. `rates` is the answer's JSON (`{}` when the service
 * could not be reached); `refreshing_since` marks the process asking the service now. Additive. Frozen: later
 * changes go in new migrations.
 */
export function exchangeRates() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("exchange_rates")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("rates", "text", (c) => c.notNull())
        .addColumn("fetched_at", "text")
        .addColumn("fresh_until", "text", (c) => c.notNull())
        .addColumn("refreshing_since", "text")
        .execute();
    },
  };
}
