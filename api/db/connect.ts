import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { DATABASE_WAIT_MS, PG_POOL_MAX_DEFAULT } from "#contract/constants.ts";
import { InvalidSettingsError } from "#contract/settings.ts";
import { createLogger } from "../core/logging.ts";
import type { Database } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (`waiting`: queries queued for one); SQLite has one connection and no pool. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
}

/** What a query runs on: the database, or a transaction over it (a Kysely `Transaction` is one). */
export type Queryable = Kysely<Database>;

const DEFAULT_SQLITE_FILE = "data/shop.db";

export interface ConnectOptions {
  /** Where a PostgreSQL connection that failed is logged, once each; the shop's logger at `warn` when not given. */
  logger?: Logger;
  /** Connections in the PostgreSQL pool (PG_POOL_MAX). */
  poolMax?: number;
  /**
   * The database serves requests: waits on PostgreSQL are bounded (DATABASE_WAIT_MS), so a request fails within
   * seconds while the database is away. Without it (migrations, seeding, operator commands) a statement takes as
   * long as it needs.
   */
  failFast?: boolean;
}

/**
 * The SQLite file `url` names (`file:path`, a bare path, `:memory:`, nothing for the default), or undefined for
 * PostgreSQL. api/config.ts refuses every other form of DATABASE_URL before it gets here.
 */
export function sqliteFileOf(url: string | undefined): string | undefined {
  if (url && /^postgres(ql)?:\/\//.test(url)) return undefined;
  return !url ? DEFAULT_SQLITE_FILE : url.startsWith("file:") ? url.slice("file:".length) : url;
}

/**
 * Opens the database named by `url`: `postgres://…` (or `postgresql://…`) for PostgreSQL,
 * `file:path`, a bare path or nothing for SQLite (`:memory:` for tests that need no file).
 */
export function connect(url: string | undefined, options: ConnectOptions = {}): Db {
  const file = sqliteFileOf(url);
  if (file === undefined) return connectPostgres(url as string, options);
  // Only the default's folder is made: an explicit path with a missing folder is a typo, not a new shop.
  if (!url) mkdirSync(dirname(resolve(file)), { recursive: true });
  return connectSqlite(file);
}

function connectSqlite(file: string): Db {
  if (file !== ":memory:" && !existsSync(dirname(resolve(file)))) {
    const reason = `the folder of the SQLite database ${resolve(file)} does not exist: create it, or correct DATABASE_URL`;
    throw new InvalidSettingsError([{ variable: "DATABASE_URL", reason }]);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // FULL: a committed order or payment survives power loss, at the cost of one fsync per commit.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

/** Enough for every query text the shop builds; lists of ids (`in (?, ?)`) vary, so the map is bounded. */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and compiling the SQL was a twentieth of a product page's CPU.
 * A better-sqlite3 statement can run again with other parameters, so each SQL text is prepared once and kept
 * (the oldest dropped when the map is full). Reuse is safe because `all` and `run` finish before they return;
 * a streamed query (`iterate`) would hold its statement busy, and the shop streams none.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value ?? "");
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). Several processes share one SQLite file
 * (the cluster's workers): a deferred transaction that reads and then writes fails at once with SQLITE_BUSY when
 * another process wrote in between, while an immediate one waits its turn under busy_timeout.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

function connectPostgres(url: string, options: ConnectOptions): Db {
  // BIGINT (count(*), sums) arrives as a string by default; every value here fits a JS number.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? PG_POOL_MAX_DEFAULT,
    ...(options.failFast
      ? {
          connectionTimeoutMillis: DATABASE_WAIT_MS.connect,
          statement_timeout: DATABASE_WAIT_MS.statement,
          idle_in_transaction_session_timeout: DATABASE_WAIT_MS.idleInTransaction,
        }
      : {}),
  });
  handleLostConnections(pool, options.logger ?? createLogger("warn"));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const max = options.poolMax ?? PG_POOL_MAX_DEFAULT;
  return {
    kysely,
    dialect: "postgres",
    close: () => kysely.destroy(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

/**
 * A pooled connection fails when PostgreSQL stops, restarts or ends its backend (`pg_terminate_backend`). The
 * client then emits "error", idle in the pool or checked out; unheard, that event would end the process. Each
 * client gets a listener as it connects, which logs its first failure as one line (a query running on it fails
 * on its own and answers 503); the pool drops the client and opens a new one when next asked, so serving
 * resumes by itself once the database is back. The pool re-emits an idle client's failure, already logged.
 */
function handleLostConnections(pool: pg.Pool, logger: Logger): void {
  pool.on("connect", (client) => {
    let logged = false;
    client.on("error", (error: Error & { code?: string }) => {
      if (logged) return;
      logged = true;
      logger.warn({ code: error.code, reason: error.message }, "a database connection failed; the pool opens a new one when needed");
    });
  });
  // Logged by the client's own listener above; listening here keeps the pool's re-emitted event from ending the process.
  pool.on("error", () => {});
}
