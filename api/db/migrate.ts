import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Db } from "./connect.ts";
import { initialDomain } from "./migrations/20261122000100_initial_domain.ts";
import { catalogueQueryIndexes } from "./migrations/20261122001000_catalogue_query_indexes.ts";
import { serverSecrets } from "./migrations/20261123000100_server_secrets.ts";
import { checkoutOrders } from "./migrations/20261123000200_checkout_orders.ts";
import { productSizeMask } from "./migrations/20261123001100_product_size_mask.ts";
import { productRatingSummary } from "./migrations/20261123001200_product_rating_summary.ts";
import { orderConfirmedStatus } from "./migrations/20261123002000_order_confirmed_status.ts";
import { activeProductCount } from "./migrations/20261123002100_active_product_count.ts";
import { searchPrefixIndex } from "./migrations/20261123002200_search_prefix_index.ts";
import { listingFacetCounts } from "./migrations/20261124000100_listing_facet_counts.ts";
import { catalogueGeneration } from "./migrations/20261126000100_catalogue_generation.ts";
import { exchangeRates } from "./migrations/20261126000200_exchange_rates.ts";

/** Every migration, by timestamp-prefixed name. Listed here so bundlers and type stripping need no directory scan. */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    "20261122000100_initial_domain": initialDomain(db.dialect),
    "20261122001000_catalogue_query_indexes": catalogueQueryIndexes(db.dialect),
    "20261123000100_server_secrets": serverSecrets(),
    "20261123000200_checkout_orders": checkoutOrders(db.dialect),
    "20261123001100_product_size_mask": productSizeMask(),
    "20261123001200_product_rating_summary": productRatingSummary(),
    "20261123002000_order_confirmed_status": orderConfirmedStatus(db.dialect),
    "20261123002100_active_product_count": activeProductCount(db.dialect),
    "20261123002200_search_prefix_index": searchPrefixIndex(db.dialect),
    "20261124000100_listing_facet_counts": listingFacetCounts(db.dialect),
    "20261126000100_catalogue_generation": catalogueGeneration(),
    "20261126000200_exchange_rates": exchangeRates(),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
}
