/**
 * Every migration main has had, in name order: what some release may have run on a database. Append-only: a
 * change that adds a migration appends its name here (main deploys, so what merges is released), and a name here
 * is never removed, renamed or moved. `released-migrations.test.ts` holds `migrationsFor` to it (CONTRIBUTING,
 * "Migrations"): a release refuses a database holding a migration it does not know named before its own last
 * (`migrateToLatest`), so a migration named before a released one breaks the roll back to that release.
 */
export const RELEASED_MIGRATIONS: readonly string[] = [
  "20261122000100_initial_domain",
  "20261122001000_catalogue_query_indexes",
  "20261123000100_server_secrets",
  "20261123000200_checkout_orders",
  "20261123001100_product_size_mask",
  "20261123001200_product_rating_summary",
  "20261123002000_order_confirmed_status",
  "20261123002100_active_product_count",
  "20261123002200_search_prefix_index",
  "20261124000100_listing_facet_counts",
  "20261126000100_payment_recovery",
  "20261126000200_catalogue_generation",
  "20261126000300_exchange_rates",
  "20261126100000_back_office",
  "20261126110000_hosted_checkout",
  "20261126120000_moderation",
  "20261126130000_mail_outbox",
  "20261128213841_checked_payment_and_promo_values",
  "20261129000100_returns_and_refunds",
  "20261129000200_catalogue_generation_triggers",
  "20261129000300_dashboard_indexes",
  "20261129000400_exchange_difference",
  "20261129000500_colour_facet_counts",
  "20261129000600_active_price_index_by_id",
  "20261129000700_colour_set_counts",
  "20261130000100_colour_set_totals",
  "20261130000200_product_search_vectors",
  "20261130000300_kept_counts_recounted",
  "20261130094218_active_sort_indexes",
];
