import type { Logger } from "pino";
import { createApi } from "./app.ts";
import { catalogueCaching } from "./catalogue/read-cache.ts";
import { VIEW_WRITE_DELAY_MS } from "./catalogue/view-counter.ts";
import type { BackendConfig } from "./config.ts";
import { systemClock } from "./core/clock.ts";
import { observeDatabase } from "./core/metrics.ts";
import { connect, type Db } from "./db/connect.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createMailer, mailerConfig } from "./mail/mailer.ts";
import { mailOutbox } from "./mail/outbox.ts";
import { pruneCodes } from "./otp/otp.service.ts";
import { createGateway } from "./payments/gateway.ts";
import { startPaymentRecovery } from "./payments/payment-recovery.ts";
import { pruneRateLimits } from "./security/rate-limit.ts";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Migrates and, with SEED_DEMO=auto, seeds an empty database; warns when a newer release migrated it further. */
export async function prepareBackendDatabase(db: Db, config: BackendConfig, logger: Logger): Promise<void> {
  const { seeded, newerMigrations } = await prepareDatabase(db, { seedDemo: config.SEED_DEMO === "auto" });
  if (newerMigrations.length > 0) {
    logger.warn(
      { migrations: newerMigrations },
      "the database is ahead of this release: a newer release ran migrations it does not know, and it runs on that schema",
    );
  }
  if (seeded) logger.info("seeded the demo catalogue into an empty database");
}

/**
 * Opens the database, brings its schema up to date and seeds the demo shop when empty (under a lock, so any
 * number of instances may start at once on one database), starts watching the catalogue generation (stop it
 * with `catalogue.generation.stop()`), the payment recovery pass and the mail outbox's sender (`stopBackground` ends
 * them before the database closes), and builds the API; `prepared`: a primary process did that already; `shopUrl`:
 * the public origin links in e-mails name.
 */
export async function startBackend(config: BackendConfig, logger: Logger, options: { prepared?: boolean; shopUrl: string }) {
  const db = connect(config.DATABASE_URL, { logger, poolMax: config.PG_POOL_MAX, failFast: true });
  if (!options.prepared) await prepareBackendDatabase(db, config, logger);
  const mailer = createMailer(mailerConfig(config), logger);
  if (!config.SMTP_URL) logger.info({ outbox: config.OUTBOX_DIR }, "SMTP_URL unset: e-mails go to the local outbox");
  // Ended rate-limit windows and old one-time codes are dead rows; clear them now and then.
  const prune = () =>
    Promise.all([pruneRateLimits(db, systemClock), pruneCodes(db, systemClock)]).catch((error: unknown) =>
      logger.error({ err: error }, "pruning rate limits and codes failed"),
    );
  await prune();
  setInterval(prune, PRUNE_INTERVAL_MS).unref();
  // Kept catalogue reads follow the catalogue generation in the database; the first read of it before any request.
  const catalogue = catalogueCaching(db, { logger });
  await catalogue.generation.check();
  const gateway = createGateway(config);
  logger.info({ gateway: gateway.name }, "payment gateway");
  // Every process sends mail rows it claims: now (rows an earlier process left), after each commit that enqueues one, and on a timer.
  const outbox = mailOutbox({
    db,
    clock: systemClock,
    mailer,
    logger,
    shopUrl: options.shopUrl,
    shopOrdersEmail: config.SHOP_ORDERS_EMAIL,
    sentRetentionDays: config.MAIL_SENT_RETENTION_DAYS,
  });
  outbox.start();
  // Every process offers; the pass's lease lets one at a time settle payments a crash left processing.
  const recovery = startPaymentRecovery({ db, clock: systemClock, gateway, logger, outbox });
  const api = createApi({
    db,
    clock: systemClock,
    logger,
    mailer,
    outbox,
    gateway,
    catalogue,
    ratesSource: { url: config.EXCHANGE_RATES_URL },
    viewWriteDelayMs: VIEW_WRITE_DELAY_MS,
    shopUrl: options.shopUrl,
    internalSecret: config.API_INTERNAL_SECRET,
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
  });
  // The metrics read this database's pool and queues at each scrape, until it closes.
  const unobserve = observeDatabase(db);
  const stopBackground = () => Promise.all([recovery.stop(), outbox.stop()]).then(unobserve);
  return { db, api, catalogue, stopBackground };
}
