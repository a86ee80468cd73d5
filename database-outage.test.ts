import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CACHE_MS } from "./api/catalogue/read-cache.ts";
import { DATABASE_WAIT_MS } from "./contract/constants.ts";
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from "./scripts/pg-cluster.ts";
import { type DevShop, startDevShop } from "./tests/dev-shop.ts";

/**
 * PostgreSQL stopped and started again under the shop's feet (`pg_ctl stop -m fast`, as an operator or a failover
 * does), while requests keep coming: the process lives on, every request is answered within a bound, pages and
 * the API answer 503 (never 500, never a cacheable page) while the database is away, /readyz says so, and all
 * is served again once the database is back. Runs wherever the PostgreSQL server binaries are installed, on a
 * throwaway cluster of its own.
 */

const postgresBin = findPostgresBin();

/** A hang catch, not a speed test: the waits on the database are bounded at a few seconds (DATABASE_WAIT_MS). */
const ANSWER_BOUND_MS = 2 * (DATABASE_WAIT_MS.connect + DATABASE_WAIT_MS.statement);
/** One round of what visitors and probes ask for. */
const PATHS = ["/products", "/", "/api/public/products", "/api/public/categories", "/readyz"] as const;

interface Answer {
  path: string;
  status: number;
  cacheControl: string;
  code?: string;
  startedAt: number;
  tookMs: number;
}

describe.skipIf(!postgresBin)("the database goes away for a moment", () => {
  let cluster: ThrowawayCluster;
  let devShop: DevShop;
  let baseUrl: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster(postgresBin ?? "");
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE shop");
    await admin.end();
    const databaseUrl = new URL(cluster.adminUrl);
    databaseUrl.pathname = "/shop";
    devShop = await startDevShop("outage-test", {
      env: { DATABASE_URL: databaseUrl.href, LOG_LEVEL: "warn", SEED_DEMO: "auto" },
      logTo: { write: (line: string) => logLines.push(line) },
    });
    baseUrl = devShop.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await devShop?.stop();
    cluster?.stop();
  });

  async function ask(path: string): Promise<Answer> {
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS * 3) });
    const text = await response.text();
    const code = path.startsWith("/api/") ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
    return {
      path,
      status: response.status,
      cacheControl: response.headers.get("cache-control") ?? "",
      code,
      startedAt,
      tookMs: performance.now() - startedAt,
    };
  }

  /** Rounds of PATHS, one request after another, until `done` says so after a round. */
  async function rounds(done: (round: Answer[]) => boolean, answers: Answer[]): Promise<void> {
    for (;;) {
      const round: Answer[] = [];
      for (const path of PATHS) round.push(await ask(path));
      answers.push(...round);
      if (done(round)) return;
    }
  }

  it("serves on when a backend is ended, answers 503 within seconds while PostgreSQL is stopped, and serves again once it is back", async () => {
    // Warm: Vite has compiled the pages, and the pool holds idle connections (each of which the stop ends).
    await rounds((round) => round.every((answer) => answer.status === 200), []);
    const answers: Answer[] = [];

    // One backend ended by an operator: the pool drops its connection and serves on.
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'shop' AND state = 'idle'");
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    await rounds((round) => round.every((answer) => answer.status === 200), answers);

    await cluster.pause();
    const stoppedAt = performance.now();
    // The catalogue reads kept in memory (at most CATALOGUE_CACHE_MS old) may still answer at first; then a full
    // round after they are gone.
    await rounds((round) => (round[0]?.startedAt ?? 0) > stoppedAt + CATALOGUE_CACHE_MS, answers);
    const restartedAt = performance.now();
    await cluster.resume();
    await rounds((round) => round.every((answer) => answer.status === 200), answers);

    expect(Math.max(...answers.map((answer) => answer.tookMs))).toBeLessThan(ANSWER_BOUND_MS);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);

    const whileAway = answers.filter((answer) => answer.startedAt > stoppedAt + CATALOGUE_CACHE_MS && answer.startedAt < restartedAt);
    expect(new Set(whileAway.map((answer) => answer.path))).toEqual(new Set(PATHS));
    for (const answer of whileAway) {
      expect(answer, answer.path).toMatchObject({ status: 503 });
      expect(answer.cacheControl, answer.path).not.toMatch(/public/);
      if (answer.path.startsWith("/api/")) expect(answer.code, answer.path).toBe("SERVICE_UNAVAILABLE");
    }

    const logged = logLines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; code?: string; res?: { status: number }; err?: unknown },
    );
    const lost = logged.filter((line) => line.msg.startsWith("a database connection failed"));
    expect(lost.map((line) => line.code)).toContain("57P01");
    // Decision 0028: a refused request is a warning without a stack, its request line too.
    const unavailable = logged.filter((line) => line.res?.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((line) => line.level !== 40 || line.err !== undefined)).toEqual([]);
  }, 120_000);
});
