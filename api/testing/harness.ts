import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import { createApi } from "#api/app.ts";
import { catalogueCaching, NO_CATALOGUE_CACHING } from "#api/catalogue/read-cache.ts";
import { readBackendConfig } from "#api/config.ts";
import type { Clock } from "#api/core/clock.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { type Mailer, type MemoryMailer, memoryMailer } from "#api/mail/mailer.ts";
import { mailOutbox } from "#api/mail/outbox.ts";
import { type PaymentGateway, testGateway } from "#api/payments/gateway.ts";
import type { RatesSource } from "#api/rates/exchange-rates.service.ts";
import { API_HEADERS } from "#contract/constants.ts";

/** The public origin and the shop's orders inbox that mail sent by a test API names. */
export const TEST_SHOP_URL = "https://shop.test";
export const TEST_SHOP_ORDERS_EMAIL = "orders@shop.test";

type TestGateway = ReturnType<typeof testGateway>;

/** A movable clock for tests of expiry windows. */
function testClock(start = new Date("2026-11-22T10:00:00Z")) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
  return clock;
}

export type MovableClock = ReturnType<typeof testClock>;

/** Databases and pools still open, closed after each test file by api/testing/setup.ts. */
const openApis = new Set<() => Promise<void>>();

export async function closeOpenApis(): Promise<void> {
  await Promise.all([...openApis].map((close) => close()));
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/** Changes whenever a migration (or the list of them) changes, so a stale template is never reused. */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const dbDir = fileURLToPath(new URL("../db/", import.meta.url));
  hash.update(readFileSync(join(dbDir, "migrate.ts")));
  for (const file of readdirSync(join(dbDir, "migrations")).sort()) hash.update(file).update(readFileSync(join(dbDir, "migrations", file)));
  return hash.digest("hex").slice(0, 16);
}

/** A test database's pool is as large as PG_POOL_MAX says (the `postgres` project keeps it small). */
const connectTest = (url: string, options: { failFast?: boolean } = {}) =>
  connect(url, { poolMax: readBackendConfig().PG_POOL_MAX, failFast: options.failFast, logger: pino({ level: "silent" }) });

let template: Promise<string> | undefined;

/**
 * A migrated database to clone: copying it is far cheaper than running every migration per test.
 * Built once per server and migration set; an advisory lock makes parallel workers wait for the first.
 */
function templateDatabase(adminUrl: string): Promise<string> {
  template ??= withAdmin(adminUrl, async (client) => {
    const name = `shop_template_${migrationsFingerprint()}`;
    await client.query("SELECT pg_advisory_lock(hashtext('shop test template'))");
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      const db = connectTest(databaseUrl(adminUrl, name));
      try {
        await migrateToLatest(db);
      } catch (error) {
        await db.close();
        await client.query(`DROP DATABASE "${name}"`);
        throw error;
      }
      await db.close();
    }
    return name;
  });
  return template;
}

/**
 * Drops a test database once its last connection is gone. A pool that has just ended may still have a
 * backend on its way out; DROP … WITH (FORCE) would kill it mid-goodbye and crash the test process.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        return;
      } catch (error) {
        const inUse = (error as { code?: string }).code === "55006";
        if (!inUse || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
}

/** Where a test database is and how it is opened; `url` lets a test open a second connection of its own. */
export interface TestDatabaseOptions {
  /** SQLite in a file of its own (removed on close) rather than in memory, so a second connection can share it. */
  onDisk?: boolean;
  /** PostgreSQL waits bounded as a serving process bounds them (DATABASE_WAIT_MS). */
  failFast?: boolean;
}

/**
 * A database of its own: an empty SQLite in memory (or in a file), or, when TEST_PG_ADMIN_URL names a PostgreSQL
 * server (the `postgres` test project sets it), a new uniquely named clone of the migrated template that `drop`
 * removes.
 */
async function testDatabase(options: TestDatabaseOptions = {}): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL || undefined;
  if (!adminUrl) {
    if (!options.onDisk) {
      const db = connect(":memory:");
      return { db, url: ":memory:", drop: () => db.close() };
    }
    const folder = mkdtempSync(join(tmpdir(), "shop-test-"));
    const url = `file:${join(folder, "shop.db")}`;
    const db = connect(url);
    return {
      db,
      url,
      drop: async () => {
        await db.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const source = await templateDatabase(adminUrl);
  const name = `shop_test_${process.pid}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`));
  const url = databaseUrl(adminUrl, name);
  const db = connectTest(url, options);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * A new database with nothing in it, not even the schema, as `instances` servers would each open it: one pool
 * apiece on PostgreSQL (TEST_PG_ADMIN_URL), one shared connection on SQLite (a file only one process serves).
 * `db` is the first of the `connections`.
 */
export async function emptyDatabase(instances: number): Promise<{ db: Db; connections: Db[]; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL || undefined;
  if (!adminUrl) {
    const db = connect(":memory:");
    return { db, connections: Array.from({ length: instances }, () => db), drop: () => db.close() };
  }
  const name = `shop_empty_${process.pid}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const db = connectTest(databaseUrl(adminUrl, name));
  const connections = [db, ...Array.from({ length: instances - 1 }, () => connectTest(databaseUrl(adminUrl, name)))];
  return {
    db,
    connections,
    drop: async () => {
      await Promise.all(connections.map((db) => db.close()));
      await dropDatabase(adminUrl, name);
    },
  };
}

/** An exchange-rate service that answers fixed rates without a network. */
export const TEST_RATES_SOURCE: RatesSource = {
  url: "https://rates.test/latest/GBP",
  fetch: async () => Response.json({ result: "success", base_code: "GBP", rates: { GBP: 1, USD: 1.25, EUR: 1.2 } }),
};

/**
 * A fresh, migrated database and the API over it, called in-process through `app.request`.
 * SQLite in memory by default; a new PostgreSQL database when TEST_PG_ADMIN_URL is set.
 * `close()` releases (and on PostgreSQL drops) it; whatever a test file leaves open is closed after the file.
 */
export async function freshApi<C extends Clock = MovableClock, M extends Mailer = MemoryMailer, G extends PaymentGateway = TestGateway>(
  options: {
    clock?: C;
    mailer?: M;
    gateway?: G;
    catalogueCache?: boolean;
    ratesSource?: RatesSource;
    lowStockThreshold?: number;
  } & TestDatabaseOptions = {},
) {
  const { db, url, drop } = await testDatabase(options);
  const logger = pino({ level: "silent" });
  // Without a clock of its own the caller gets the movable test clock, typed as one.
  const clock = (options.clock ?? testClock()) as C;
  // Without a mailer of its own the caller gets the in-memory one, whose `sent` list holds every message.
  const mailer = (options.mailer ?? memoryMailer()) as M;
  // Kicked by the API after commits that enqueue mail, like the server's; tests await `outbox.idle()` to read what it sent.
  const outbox = mailOutbox({
    db,
    clock,
    mailer,
    logger,
    shopUrl: TEST_SHOP_URL,
    shopOrdersEmail: TEST_SHOP_ORDERS_EMAIL,
    sentRetentionDays: 30,
  });
  let catalogue = NO_CATALOGUE_CACHING;
  let closing: Promise<void> | undefined;
  const close = () => {
    catalogue.generation.stop();
    closing ??= outbox
      .idle()
      .then(drop)
      .finally(() => openApis.delete(close));
    return closing;
  };
  openApis.add(close);
  await migrateToLatest(db);
  if (options.catalogueCache) {
    catalogue = catalogueCaching(db, { logger });
    await catalogue.generation.check();
  }
  // Without a gateway of its own the caller gets the test gateway, whose sets record every capture, void and refund.
  const gateway = (options.gateway ?? testGateway()) as G;
  const app = createApi({
    db,
    clock,
    mailer,
    outbox,
    gateway,
    catalogue,
    ratesSource: options.ratesSource ?? TEST_RATES_SOURCE,
    viewWriteDelayMs: 0,
    shopUrl: TEST_SHOP_URL,
    logger,
    lowStockThreshold: options.lowStockThreshold ?? readBackendConfig().LOW_STOCK_THRESHOLD,
  });

  /** Calls the API like the storefront does: JSON in, envelope out. */
  async function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; clientIp?: string } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.clientIp) headers[API_HEADERS.clientIp] = options.clientIp;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.request(
      `/api${path}`,
      {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      options.clientIp ? { inProcess: true } : undefined,
    );
    return { status: response.status, body: (await response.json()) as T & Record<string, any> };
  }

  return { db, databaseUrl: url, app, clock, mailer, outbox, gateway, logger, call, close };
}

/** What `freshApi()` gives, for a test file that keeps it in a `let` across hooks. */
export type FreshApi = Awaited<ReturnType<typeof freshApi<MovableClock>>>;
