import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator } from "kysely/migration";
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
import { paymentRecovery } from "./migrations/20261126000100_payment_recovery.ts";
import { catalogueGeneration } from "./migrations/20261126000200_catalogue_generation.ts";
import { exchangeRates } from "./migrations/20261126000300_exchange_rates.ts";
import { backOffice } from "./migrations/20261126100000_back_office.ts";
import { hostedCheckout } from "./migrations/20261126110000_hosted_checkout.ts";
import { moderation } from "./migrations/20261126120000_moderation.ts";
import { mailOutbox } from "./migrations/20261126130000_mail_outbox.ts";
import { checkedPaymentAndPromoValues } from "./migrations/20261128213841_checked_payment_and_promo_values.ts";
import { returnsAndRefunds } from "./migrations/20261129000100_returns_and_refunds.ts";
import { catalogueGenerationTriggers } from "./migrations/20261129000200_catalogue_generation_triggers.ts";
import { dashboardIndexes } from "./migrations/20261129000300_dashboard_indexes.ts";
import { exchangeDifference } from "./migrations/20261129000400_exchange_difference.ts";
import { colourFacetCounts } from "./migrations/20261129000500_colour_facet_counts.ts";
import { activePriceIndexById } from "./migrations/20261129000600_active_price_index_by_id.ts";
import { colourSetCounts } from "./migrations/20261129000700_colour_set_counts.ts";
import { colourSetTotals } from "./migrations/20261130000100_colour_set_totals.ts";
import { productSearchVectors } from "./migrations/20261130000200_product_search_vectors.ts";
import { keptCountsRecounted } from "./migrations/20261130000300_kept_counts_recounted.ts";
import { activeSortIndexes } from "./migrations/20261130094218_active_sort_indexes.ts";

/** Every migration, by timestamp-prefixed name. Listed here so bundlers and type stripping need no directory scan. */
export function migrationsFor(db: Pick<Db, "dialect">): Record<string, Migration> {
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
    "20261126000100_payment_recovery": paymentRecovery(),
    "20261126000200_catalogue_generation": catalogueGeneration(),
    "20261126000300_exchange_rates": exchangeRates(),
    "20261126100000_back_office": backOffice(db.dialect),
    "20261126110000_hosted_checkout": hostedCheckout(),
    "20261126120000_moderation": moderation(),
    "20261126130000_mail_outbox": mailOutbox(db.dialect),
    "20261128213841_checked_payment_and_promo_values": checkedPaymentAndPromoValues(db.dialect),
    "20261129000100_returns_and_refunds": returnsAndRefunds(db.dialect),
    "20261129000200_catalogue_generation_triggers": catalogueGenerationTriggers(db.dialect),
    "20261129000300_dashboard_indexes": dashboardIndexes(),
    "20261129000400_exchange_difference": exchangeDifference(db.dialect),
    "20261129000500_colour_facet_counts": colourFacetCounts(db.dialect),
    "20261129000600_active_price_index_by_id": activePriceIndexById(),
    "20261129000700_colour_set_counts": colourSetCounts(db.dialect),
    "20261130000100_colour_set_totals": colourSetTotals(db.dialect),
    "20261130000200_product_search_vectors": productSearchVectors(db.dialect),
    "20261130000300_kept_counts_recounted": keptCountsRecounted(db.dialect),
    "20261130094218_active_sort_indexes": activeSortIndexes(),
  };
}

/**
 * Thrown for a migration history this release cannot run on: migrations it does not know named before one of its
 * own (another line of history), or migrations of its own left to run beside newer ones it does not know.
 */
export class MigrationHistoryError extends Error {
  override readonly name = "MigrationHistoryError";
}

/** The names of the migrations the database records as run, or none before the first migration made the table. */
async function executedMigrationNames(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const rows = await db.kysely
    .withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>()
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select("name")
    .execute();
  return rows.map((row) => row.name);
}

/** This release's migrations the database has not run: all of them on a new, empty database. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const executed = new Set(await executedMigrationNames(db));
  return Object.keys(migrationsFor(db)).filter((name) => !executed.has(name));
}

/**
 * Stands for a migration a newer release ran. Kysely refuses a history holding a name it is not given, so each
 * unknown name gets one of these; it is never run, being recorded as run already.
 */
const ranByNewerRelease = (name: string): Migration => ({
  up: () => Promise.reject(new MigrationHistoryError(`migration ${name} belongs to a newer release and cannot run here`)),
});

/**
 * Brings the schema up to date; answers the migrations the database has that this release does not know.
 *
 * A release runs on the schema a newer one left (rolling deploys, rollbacks: CONTRIBUTING, "Migrations"): when
 * every unknown migration is named after every one this release has, and this release has none left to run,
 * the database is simply ahead and the unknown ones are answered for a warning. Anything else (an unknown
 * migration before one of this release's, or one of its own not yet run beside newer ones) is a history this
 * release cannot reason about, refused with a MigrationHistoryError rather than run out of order.
 *
 * Run it under `prepareDatabase`'s lock: the history is read before Kysely's own migration lock is taken.
 */
export async function migrateToLatest(db: Db): Promise<{ unknown: string[] }> {
  const known = migrationsFor(db);
  const executed = await executedMigrationNames(db);
  const unknown = executed.filter((name) => !Object.hasOwn(known, name)).sort();
  if (unknown.length > 0) {
    const lastKnown = Object.keys(known).sort().at(-1) ?? "";
    const earlier = unknown.filter((name) => name < lastKnown);
    if (earlier.length > 0) {
      throw new MigrationHistoryError(
        `the database ran migrations this release does not know, named before its own last migration ${lastKnown}: ${earlier.join(", ")}; start a release that has them`,
      );
    }
    const pending = Object.keys(known).filter((name) => !executed.includes(name));
    if (pending.length > 0) {
      throw new MigrationHistoryError(
        `this release has migrations to run (${pending.join(", ")}) on a database a newer release already migrated (${unknown.join(", ")}); start a release that has them all`,
      );
    }
  }
  const provider: MigrationProvider = {
    getMigrations: async () => ({ ...known, ...Object.fromEntries(unknown.map((name) => [name, ranByNewerRelease(name)])) }),
  };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
  return { unknown };
}
