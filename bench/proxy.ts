/**
 * A shared cache in front: the throughput of the public pages (home, the listing, a product page) asked for by
 * visitors without a cart or a session, three ways in one run on the demo catalogue:
 * - one Node process with the server's own page cache (the single container's default);
 * - one Node process rendering every page (PAGE_CACHE=off, nothing in front): what a cache saves;
 * - nginx with the shipped docs/deploy/nginx.conf in front of two instances (PAGE_CACHE=off) on one database.
 * Each shop runs one worker (WEB_CONCURRENCY=1), so the rows compare one process with a cache in front of two.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import getPort from "get-port";
import { startNginx } from "../tests/nginx.ts";
import { buildForBench, firstProductPath, type Running, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run bench:proxy -- [--duration 10] [--warmup 2] [--connections 50] [--no-build]

Builds the shop (unless --no-build), then measures /, /products and a product page together for --duration
seconds at --connections connections (after --warmup seconds of the same load, not counted), asking as a
browser does (Accept-Encoding: gzip, deflate, br, zstd) without cookies: against one shop with its page cache,
one rendering every page, and nginx (Debian's nginx-light, /usr/sbin/nginx) with docs/deploy/nginx.conf in front
of two shops. Prints req/s, p50, p99, errors and non-2xx per setup, and each against the first.
Not a test: figures depend on the machine.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };
const ONE_WORKER = { WEB_CONCURRENCY: "1" };

interface Figures {
  setup: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The public pages, asked for in turn on every connection. */
async function measure(setup: string, baseUrl: string): Promise<Figures> {
  const paths = ["/", "/products", await firstProductPath(baseUrl)];
  const requests = paths.map((path) => ({ method: "GET" as const, path }));
  const options = { url: baseUrl, headers: BROWSER_HEADERS, requests, connections };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const result = await autocannon({ ...options, duration });
  return {
    setup,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function oneProcess(setup: string, env: NodeJS.ProcessEnv): Promise<Figures> {
  const shop = await startShop({ env: { ...ONE_WORKER, ...env } });
  try {
    return await measure(setup, shop.url);
  } finally {
    await shop.stop();
  }
}

/** Two shops on one SQLite database (the first seeds it), PAGE_CACHE=off, behind nginx on its own port. */
async function behindNginx(setup: string): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-proxy-"));
  const port = await getPort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...ONE_WORKER, PAGE_CACHE: "off", PUBLIC_URL: url, DATABASE_URL: `file:${join(dir, "shop.db")}` };
  const shops: Running[] = [];
  try {
    for (let index = 0; index < 2; index++) shops.push(await startShop({ env }));
    const nginx = await startNginx(
      dir,
      port,
      shops.map((shop) => shop.url),
    );
    try {
      return await measure(setup, url);
    } finally {
      nginx.stop();
    }
  } finally {
    await Promise.all(shops.map((shop) => shop.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!args["no-build"]) buildForBench({ floor: false });
const rows = [
  await oneProcess("one process, its own page cache", {}),
  await oneProcess("one process, every page rendered", { PAGE_CACHE: "off" }),
  await behindNginx("nginx in front of two processes"),
];
const baseline = rows[0]?.reqPerSec ?? 1;
console.log(`\nPublic pages without cookies (/, /products, a product page), ${connections} connections, ${duration} s:`);
console.table(
  rows.map((row) => ({
    setup: row.setup,
    "req/s": Math.round(row.reqPerSec),
    "× own cache": (row.reqPerSec / baseline).toFixed(2),
    "p50 ms": row.p50,
    "p99 ms": row.p99,
    errors: row.errors,
    "non-2xx": row.non2xx,
  })),
);
