/**
 * Catalogue benchmark: every catalogue read of the API (the listing, each filter, each sort, search, search with
 * filters and with a sort, a product's detail) at 1k, 100k and 1M products, in one run, with the ratio between the
 * sizes, a verdict against the targets (p95 at most 25 ms at the largest size and at most twice its figure at the
 * size before), and a trivial endpoint (GET /public/categories) as the baseline ratio. A listing's total is its
 * facet count (`pagination.total`), so every filter row measures its count too.
 *
 *   node bench/catalogue.ts [--postgres] [--sizes 1000,100000,1000000] [--iterations 200] [--dir /path/to/keep/databases]
 *                           [--plans] [--cache-mb N] [--pages]
 *
 * Databases are SQLite files in a temporary folder (deleted afterwards unless --dir names one; an existing
 * database there is topped up, not rebuilt: keep the million with --dir, its seed takes minutes). --postgres
 * measures PostgreSQL instead: the server TEST_PG_ADMIN_URL names (its databases bench_catalogue_<size> are kept
 * and topped up the same way), else a throwaway cluster (scripts/pg-cluster.ts), with a database per size,
 * analysed after seeding as autovacuum would. Each seed's time is printed. Requests go in-process through
 * `app.request`, as the storefront sends them, with the API's catalogue cache off (every request queries).
 * "search, no cap" calls the listing directly with the search cap lifted: what a search ranking and counting
 * every match would cost (decision 0011). "floor: count products" is `count(*)` of the active products, the
 * least any listing total would cost without its kept counts; "floor: rare word's walk" (PostgreSQL) counts the
 * ids from the rare word's oldest capped match up on the primary key alone, the least its search's walk costs.
 * A request slower than 200 ms
 * is timed 20 times, not --iterations. --plans prints every statement per endpoint at the largest size with
 * its own median time and its plan (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN ANALYZE); --cache-mb sets
 * SQLite's page cache of the measured connection to compare. --pages (after `npm run build`) also starts the
 * built shop on each size's database (PAGE_CACHE=off, one worker; the shops run side by side and take turns, one
 * request each) and times rendered `/products` pages (each request another sort and page, so no cache answers) and
 * product pages (each another product), with the ratio of each size to the smallest.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { active } from "#api/catalogue/product-conditions.ts";
import { cappedMatches, listProducts, SEARCH_MATCH_CAP } from "#api/catalogue/product-listing.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";
import { LISTING_SORTS, PAGE_SIZE } from "#contract/constants.ts";
import { productListingQuerySchema } from "#contract/schemas/catalogue.ts";
import { benchApi, percentile, postgresServer, printPlans } from "./lib/in-process-api.ts";
import { startShop } from "./lib/servers.ts";

const WARM_UP = 20;
/** The targets: p95 at the largest size, and its ratio to the size before. */
const TARGET_P95_MS = 25;
const TARGET_RATIO = 2;
/** "search, no cap": the search cap lifted (more than any catalogue's matches). */
const NO_CAP = 1_000_000_000;
/** A request slower than this in the warm-up is timed SLOW_RUNS times (see `time`). */
const SLOW_REQUEST_MS = 200;
const SLOW_RUNS = 20;

const IN_STOCK = `stock_status=${encodeURIComponent("In Stock")}`;
const OUT_OF_STOCK = `stock_status=${encodeURIComponent("Out of Stock")}`;

/** The rare word's search: 1.3 % of the synthetic catalogue matches both words. */
const RARE_WORDS = ["velvet", "romper"];

/**
 * `{id}` stands for a product of the catalogue (the same one for every request), `{last}` for its last listing page
 * and `{middle}` for the page halfway to it, the furthest from both ends.
 */
const ENDPOINTS = [
  { name: "baseline: categories", path: "/public/categories?status=Active" },
  { name: "listing default", path: "/public/products?page=1&limit=12" },
  { name: "filter category", path: "/public/products?category=Maxi%20Dresses" },
  { name: "filter colour", path: "/public/products?color=Sage" },
  { name: "filter two colours", path: "/public/products?color=Sage,Burgundy" },
  { name: "two colours by price", path: "/public/products?color=Sage,Burgundy&sort=price_low_high&page=2" },
  { name: "filter size", path: "/public/products?size=XS" },
  { name: "filter price range", path: "/public/products?min_price=50&max_price=100" },
  { name: "filter in stock", path: `/public/products?${IN_STOCK}` },
  { name: "filter out of stock", path: `/public/products?${OUT_OF_STOCK}` },
  { name: "filters combined", path: `/public/products?size=M&min_price=50&max_price=100&${IN_STOCK}&page=2` },
  { name: "colour + filters", path: `/public/products?color=Navy&size=M&max_price=100&${IN_STOCK}&sort=price_low_high` },
  ...LISTING_SORTS.map((sort) => ({ name: `sort ${sort}`, path: `/public/products?sort=${sort}&page=3` })),
  { name: "sort name, last page", path: "/public/products?sort=name_a_z&page={last}" },
  { name: "sort name, middle page", path: "/public/products?sort=name_a_z&page={middle}" },
  { name: "newest, middle page", path: "/public/products?sort=newest&page={middle}" },
  { name: "search", path: "/public/products?search=dress" },
  { name: "search, no cap", path: "/public/products?search=dress", uncapped: true },
  { name: "search rare word", path: `/public/products?search=${RARE_WORDS.join("%20")}` },
  { name: "search + filter", path: "/public/products?search=chiffon&size=M&max_price=100&sort=price_high_low" },
  { name: "search + colour", path: "/public/products?search=abaya&color=Onyx" },
  { name: "search sorted", path: "/public/products?search=maxi&sort=newest&page=2" },
  { name: "product detail", path: "/public/products/{id}" },
] as const;

/** The row that counts the active products: the least any listing total would cost without its kept counts. */
const COUNT_FLOOR = "floor: count products";
/**
 * PostgreSQL's row that counts the ids from the rare word's 500th newest match up, from the primary key of the
 * table its search walks alone: the least that walk costs, before it reads any product's words. SQLite's search
 * reads its ids from the full-text index, with no walk.
 */
const WALK_FLOOR = "floor: rare word's walk";

type Timing = { p50: number; p95: number; total: number };
type Timings = Map<string, Timing>;

const USAGE =
  "Usage: npm run bench -- [--postgres] [--sizes 1000,100000,1000000] [--iterations 200] [--dir /path/to/keep/databases] [--plans] [--cache-mb N] [--pages]";

const { values: args } = parseArgs({
  options: {
    iterations: { type: "string", default: "200" },
    sizes: { type: "string", default: "1000,100000,1000000" },
    dir: { type: "string" },
    plans: { type: "boolean", default: false },
    pages: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    "cache-mb": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const iterations = Number(args.iterations);
const SIZES = args.sizes
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
if (SIZES.some((size) => !Number.isInteger(size) || size < 100)) throw new Error(`--sizes: whole numbers of at least 100 (${args.sizes})`);
const dir = args.dir ?? mkdtempSync(join(tmpdir(), "shop-bench-"));
mkdirSync(dir, { recursive: true });

/** The database URL of each size: a SQLite file, or a PostgreSQL database on `adminUrl`'s server. */
async function databaseUrl(size: number, adminUrl: string | undefined): Promise<string> {
  if (!adminUrl) return `file:${join(dir, `catalogue-${size}.db`)}`;
  const name = `bench_catalogue_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Migrates and tops up the database of `size`; answers the seed's time in seconds (0 when nothing was added). */
async function prepare(url: string, size: number): Promise<number> {
  const db = connect(url);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const added = await seedSyntheticProducts(db, size, {
      onProgress: (done, target) => process.stderr.write(`\r  seeding ${done}/${target}`),
    });
    const seconds = added > 0 ? (performance.now() - started) / 1000 : 0;
    if (added > 0) process.stderr.write(`  (${seconds.toFixed(1)} s)\n`);
    // Table statistics, as autovacuum gathers them after a bulk load; and the visibility map for index-only scans.
    if (db.dialect === "postgres") await sql`VACUUM ANALYZE`.execute(db.kysely);
    return seconds;
  } finally {
    await db.close();
  }
}

/** An active product in the middle of the catalogue, for the detail and product page rows. */
async function middleProductId(url: string): Promise<number> {
  const db = connect(url);
  try {
    const { id } = await db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const product = await db.kysely
      .selectFrom("products")
      .select("id")
      .where("status", "=", "Active")
      .where("id", "<=", Math.ceil(Number(id) / 2))
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    return product.id;
  } finally {
    await db.close();
  }
}

/**
 * Times `request` (answering the matches' count) `iterations` times after the warm-up; a request slower than
 * SLOW_REQUEST_MS in the warm-up is timed SLOW_RUNS times after 2 (it reads the whole catalogue: more runs would
 * take minutes and say nothing more).
 */
async function time(request: () => Promise<number>): Promise<Timing> {
  let total = 0;
  const first = performance.now();
  await request();
  const slow = performance.now() - first > SLOW_REQUEST_MS;
  for (let i = 1; i < (slow ? 2 : WARM_UP); i++) await request();
  const samples: number[] = [];
  for (let i = 0; i < (slow ? SLOW_RUNS : iterations); i++) {
    const started = performance.now();
    total = await request();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

async function measure(url: string, productId: number, lastPage: number): Promise<Timings> {
  const db = connect(url);
  if (args["cache-mb"] && db.dialect === "sqlite")
    await sql`PRAGMA cache_size = ${sql.raw(String(-1024 * Number(args["cache-mb"])))}`.execute(db.kysely);
  const api = benchApi(db);
  const timings: Timings = new Map();
  try {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path
        .replace("{id}", String(productId))
        .replace("{last}", String(lastPage))
        .replace("{middle}", String(Math.ceil(lastPage / 2)));
      if ("uncapped" in endpoint) {
        const query = productListingQuerySchema.parse(Object.fromEntries(new URL(`http://bench${path}`).searchParams));
        timings.set(endpoint.name, await time(async () => (await listProducts(db, query, { searchMatchCap: NO_CAP })).pagination.total));
        continue;
      }
      timings.set(
        endpoint.name,
        await time(async () => {
          const response = await api.request(`http://bench/api${path}`);
          const body = await response.text();
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body}`);
          const { data, pagination } = JSON.parse(body);
          return pagination?.total ?? (Array.isArray(data) ? data.length : 1);
        }),
      );
    }
    timings.set(
      COUNT_FLOOR,
      await time(async () => {
        const { total } = await db.kysely
          .selectFrom("products")
          .where(active)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow();
        return Number(total);
      }),
    );
    if (db.dialect === "postgres") {
      const walkFrom = await oldestCappedMatch(db, RARE_WORDS);
      timings.set(
        WALK_FLOOR,
        await time(async () => {
          const { rows } = await sql<{ ids: number }>`SELECT count(*) AS ids FROM product_search_vectors
            WHERE product_id >= ${walkFrom}`.execute(db.kysely);
          return Number(rows[0].ids);
        }),
      );
    }
  } finally {
    await db.close();
  }
  return timings;
}

/** The id of the oldest of the search's capped matches for `words` (the 500th newest when there are 500). */
async function oldestCappedMatch(db: Db, words: string[]): Promise<number> {
  const { matches } = cappedMatches(db, words, SEARCH_MATCH_CAP, false);
  const { rows } = await sql<{ id: number | null }>`SELECT min(m.id) AS id FROM (${matches}) AS m`.execute(db.kysely);
  return Number(rows[0]?.id ?? 0);
}

const PAGE_REQUESTS = 60;
const PAGE_WARM_UP = 5;

/**
 * Rendered pages of the built shop on each size's database: `/products` (another sort and page each time) and
 * product pages (another product each time). One shop per size runs at once, and each request goes to every shop in
 * turn, so what drifts while the bench runs (the machine's load, the measuring process's heap) falls on every size
 * alike: measured one size after the other, the largest came last and read up to half slower.
 */
async function measurePages(urls: Map<number, string>): Promise<Map<number, Timings>> {
  const shops = new Map<number, { url: string; stop(): Promise<void> }>();
  const productPaths = new Map<number, string[]>();
  try {
    for (const [size, url] of urls) {
      const db = connect(url);
      const ids = await db.kysely
        .selectFrom("products")
        .select("id")
        .where("status", "=", "Active")
        .orderBy(sql`(id * 31) % 997`)
        .limit(PAGE_REQUESTS + PAGE_WARM_UP)
        .execute();
      await db.close();
      productPaths.set(
        size,
        ids.map((row) => `/product/${row.id}`),
      );
      shops.set(
        size,
        await startShop({ env: { DATABASE_URL: url, PAGE_CACHE: "off", WEB_CONCURRENCY: "1" }, logFile: join(dir, `shop-${size}.log`) }),
      );
    }
    const get = async (size: number, path: string) => {
      const response = await fetch(`${shops.get(size)?.url}${path}`);
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    };
    const timed = async (pathsOf: (size: number) => string[]): Promise<Map<number, Timing>> => {
      const samples = new Map([...shops.keys()].map((size) => [size, [] as number[]]));
      for (let i = 0; i < PAGE_WARM_UP + PAGE_REQUESTS; i++) {
        for (const size of shops.keys()) {
          const started = performance.now();
          await get(size, pathsOf(size)[i] as string);
          if (i >= PAGE_WARM_UP) samples.get(size)?.push(performance.now() - started);
        }
      }
      return new Map(
        [...samples].map(([size, times]) => {
          times.sort((a, b) => a - b);
          return [size, { p50: percentile(times, 50), p95: percentile(times, 95), total: times.length }];
        }),
      );
    };
    const listings = Array.from(
      { length: PAGE_WARM_UP + PAGE_REQUESTS },
      (_, i) => `/products?sort=${LISTING_SORTS[i % LISTING_SORTS.length]}&page=${1 + Math.floor(i / LISTING_SORTS.length)}`,
    );
    const listingTimes = await timed(() => listings);
    const productTimes = await timed((size) => productPaths.get(size) ?? []);
    return new Map(
      [...shops.keys()].map((size) => [
        size,
        new Map([
          ["page /products", listingTimes.get(size) as Timing],
          ["page /product/:id", productTimes.get(size) as Timing],
        ]),
      ]),
    );
  } finally {
    for (const shop of shops.values()) await shop.stop();
  }
}

const ms = (value: number) => value.toFixed(2).padStart(8);
const label = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1_000 ? `${size / 1_000}k` : String(size));

/** One row per endpoint: p50 and p95 per size, the largest size's p95 over the one before, the verdict. */
function printTable(rows: readonly string[], results: Map<number, Timings>, verdict: (p95: number, ratio: number) => string): void {
  const last = SIZES.at(-1) as number;
  const before = SIZES.at(-2);
  const ratioLabel = before ? `p95 ${label(last)}/${label(before)}` : "";
  console.log(
    `${"endpoint".padEnd(22)} ${SIZES.map((size) => `${`${label(size)} p50`.padStart(8)} ${`${label(size)} p95`.padStart(8)}`).join(" ")} ${ratioLabel.padStart(13)}  verdict  matches ${SIZES.map(label).join(" / ")}`,
  );
  for (const name of rows) {
    const timings = SIZES.map((size) => results.get(size)?.get(name));
    if (timings.some((timing) => !timing)) continue;
    const [largest, previous] = [timings.at(-1) as Timing, timings.at(-2)];
    const ratio = previous ? largest.p95 / previous.p95 : 1;
    console.log(
      `${name.padEnd(22)} ${timings.map((timing) => `${ms((timing as Timing).p50)} ${ms((timing as Timing).p95)}`).join(" ")} ${(previous ? ratio.toFixed(2) : "").padStart(13)}  ${verdict(largest.p95, ratio).padEnd(7)}  ${timings.map((timing) => (timing as Timing).total).join(" / ")}`,
    );
  }
}

const server = await postgresServer(Boolean(args.postgres));
try {
  const results = new Map<number, Timings>();
  const urls = new Map<number, string>();
  const seeds = new Map<number, number>();
  for (const size of SIZES) {
    process.stderr.write(`${size} products:\n`);
    const url = await databaseUrl(size, server?.adminUrl);
    urls.set(size, url);
    seeds.set(size, await prepare(url, size));
    results.set(size, await measure(url, await middleProductId(url), Math.ceil(size / PAGE_SIZE.listing)));
    if (args.plans && size === SIZES[SIZES.length - 1])
      await printPlans(
        url,
        ENDPOINTS.filter((endpoint) => !("uncapped" in endpoint)).map((endpoint) => ({
          ...endpoint,
          path: endpoint.path.replace("{id}", String(1)),
        })),
      );
  }
  const pages = args.pages ? await measurePages(urls) : new Map<number, Timings>();
  const cache = args["cache-mb"] ? `${args["cache-mb"]} MB page cache` : "default page cache";
  const database = server ? "PostgreSQL" : `SQLite (${cache})`;
  const load = `Load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} on ${cpus().length} CPUs (figures are only comparable on a quiet machine)`;
  console.log(`\nCatalogue API, in-process, ${database}, ${iterations} requests per endpoint after ${WARM_UP} warm-up (ms)`);
  console.log(`${load}\n`);
  const seeded = SIZES.filter((size) => (seeds.get(size) ?? 0) > 0);
  if (seeded.length > 0)
    console.log(`Seeded: ${seeded.map((size) => `${label(size)} in ${(seeds.get(size) as number).toFixed(0)} s`).join(", ")}\n`);
  printTable([...ENDPOINTS.map((endpoint) => endpoint.name), COUNT_FLOOR, WALK_FLOOR], results, (p95, ratio) =>
    p95 <= TARGET_P95_MS && ratio <= TARGET_RATIO ? "ok" : p95 > TARGET_P95_MS ? "SLOW" : "GROWS",
  );
  console.log(
    `\nverdict: ok when the largest size's p95 is at most ${TARGET_P95_MS} ms and at most ${TARGET_RATIO}x the size before's (SLOW, GROWS otherwise); compare with the baseline row, ${server ? "a total without a kept count with the count's floor, and the rare word with its walk's" : "and a total without a kept count with the count's floor"}.`,
  );
  if (args.pages) {
    console.log(
      `\nRendered pages, the built shop (one worker, PAGE_CACHE=off, one shop per size, taking turns), ${PAGE_REQUESTS} requests after ${PAGE_WARM_UP} (ms)\n`,
    );
    const first = SIZES[0];
    printTable(["page /products", "page /product/:id"], pages, () => "");
    for (const name of ["page /products", "page /product/:id"]) {
      const smallest = pages.get(first)?.get(name) as Timing;
      const largest = pages.get(SIZES.at(-1) as number)?.get(name) as Timing;
      console.log(
        `${name}: p50 ${label(SIZES.at(-1) as number)}/${label(first)} ${(largest.p50 / smallest.p50).toFixed(2)}, p95 ${(largest.p95 / smallest.p95).toFixed(2)}`,
      );
    }
  }
} finally {
  server?.stop();
  if (!args.dir) rmSync(dir, { recursive: true, force: true });
}
