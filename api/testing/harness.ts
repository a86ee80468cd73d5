import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { API_HEADERS } from "../../app/lib/constants.ts";
import { createApi } from "../app.ts";
import type { Clock } from "../core/clock.ts";
import { connect, type Db } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { type Mailer, type MemoryMailer, memoryMailer } from "../mail/mailer.ts";

/** A movable clock for tests of expiry windows. */
export function testClock(start = new Date("2026-11-22T10:00:00Z")) {
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

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty database: SQLite in memory, or, when TEST_PG_ADMIN_URL names a PostgreSQL server (the
 * `postgres` test project sets it), a new uniquely named database on it that `drop` removes.
 */
async function emptyDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL || undefined;
  if (!adminUrl) {
    const db = connect(":memory:");
    return { db, drop: () => db.close() };
  }
  const name = `shop_test_${process.pid}_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = connect(url.href);
  return {
    db,
    drop: async () => {
      await db.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * A fresh, migrated database and the API over it, called in-process through `app.request`.
 * SQLite in memory by default; a new PostgreSQL database when TEST_PG_ADMIN_URL is set.
 * `close()` releases (and on PostgreSQL drops) it; whatever a test file leaves open is closed after the file.
 */
export async function freshApi<C extends Clock = MovableClock, M extends Mailer = MemoryMailer>(options: { clock?: C; mailer?: M } = {}) {
  const { db, drop } = await emptyDatabase();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= drop().finally(() => openApis.delete(close));
    return closing;
  };
  openApis.add(close);
  await migrateToLatest(db);
  // Without a clock of its own the caller gets the movable test clock, typed as one.
  const clock = (options.clock ?? testClock()) as C;
  // Without a mailer of its own the caller gets the in-memory one, whose `sent` list holds every message.
  const mailer = (options.mailer ?? memoryMailer()) as M;
  const app = createApi({ db, clock, mailer, logger: pino({ level: "silent" }) });

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

  return { db, app, clock, mailer, call, close };
}

/** What `freshApi()` gives, for a test file that keeps it in a `let` across hooks. */
export type FreshApi = Awaited<ReturnType<typeof freshApi<MovableClock>>>;
