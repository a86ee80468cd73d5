import type { Logger } from "pino";
import { createApi } from "./app.ts";
import type { BackendConfig } from "./config.ts";
import { systemClock } from "./core/clock.ts";
import { connect } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./db/seed/demo.ts";

/** Opens the database, brings its schema up to date, seeds the demo shop when empty, and builds the API. */
export async function startBackend(config: BackendConfig, logger: Logger) {
  const db = connect(config.DATABASE_URL);
  await migrateToLatest(db);
  if (config.SEED_DEMO === "auto" && (await seedDemoIfEmpty(db))) {
    logger.info("seeded the demo catalogue into an empty database");
  }
  const api = createApi({ db, clock: systemClock, logger, internalSecret: config.API_INTERNAL_SECRET });
  return { db, api };
}
