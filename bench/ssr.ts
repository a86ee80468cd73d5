/**
 * Server rendering throughput: autocannon on /, /products, a product page and /cart of the built shop, each
 * interleaved with a bare Node server sending the same bytes from memory (static) and with the framework floor
 * (bench/floor: a React Router page reading a cookie session, one SQLite row and one in-process Hono call).
 * Every server runs in its own process; the load generator shares the machine's cores with them.
 *
 * Each page is measured twice: as a visitor without a cart or a session asks for it (the server's page cache
 * answers once it has rendered the page) and as a visitor with one product in the cart, whose pages show that
 * cart and are rendered for every request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildForBench, cpuMs, firstProductPath, type Running, startFloor, startShop, startStatic } from "./lib/servers.ts";
import { cartCookie } from "./lib/shoppers.ts";

const USAGE = `Usage: npm run bench:ssr -- [--duration 10] [--warmup 2] [--connections 50] [--no-build] [--path /extra ...]

Builds the shop and the floor (unless --no-build), starts the shop on a free port with the demo catalogue on a
temp database, and measures each page for --duration seconds at --connections connections, asking as a browser
does (Accept-Encoding: gzip, deflate, br, zstd), then the same bytes
from a static server, then the floor; each measured run follows --warmup seconds of the same load, not counted
(a cold server's first requests wait for compilation and empty caches). Prints req/s, p50, p99, errors, non-2xx, the ratios SSR / floor and
SSR / static, and each server's CPU time per request (with the floor / SSR ratio, which holds on a busy machine
where req/s does not): first for requests without cookies (kept pages), then for requests with the cookie of a
cart holding one product (rendered every time). Not a test: figures depend on the machine.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
    path: { type: "string", multiple: true, default: [] },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

interface Run {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** The server's CPU time per answered request. */
  cpuMsPerRequest: number;
}

/** What Chromium asks with every request: pages go out compressed, as shoppers get them. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

/**
 * One autocannon run with a browser's request headers (and `headers`); errors count failed connections and
 * time-outs, non2xx every answer outside 2xx.
 */
async function measure(
  url: string,
  server: Running,
  options: { duration: number; warmup: number; connections: number },
  extraHeaders: Record<string, string> = {},
): Promise<Run> {
  const headers = { ...BROWSER_HEADERS, ...extraHeaders };
  if (options.warmup > 0) await autocannon({ url, headers, duration: options.warmup, connections: options.connections });
  const cpuBefore = cpuMs(server.child.pid ?? 0);
  const result = await autocannon({ url, headers, duration: options.duration, connections: options.connections });
  const cpu = cpuMs(server.child.pid ?? 0) - cpuBefore;
  return {
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

const options = { duration: Number(args.duration), warmup: Number(args.warmup), connections: Number(args.connections) };
if (!args["no-build"]) buildForBench({ floor: true });

const started: Running[] = [];
const work = mkdtempSync(join(tmpdir(), "shop-bench-static-"));
try {
  const shop = await startShop();
  started.push(shop);
  const floor = await startFloor();
  started.push(floor);
  const pages = ["/", "/products", await firstProductPath(shop.url), "/cart", ...args.path];
  const workers = process.env.WEB_CONCURRENCY ?? `${cpus().length} (one per CPU)`;
  console.log(
    `${cpus().length} CPUs, shop workers ${workers}, ${options.connections} connections, ${options.duration} s per run after ${options.warmup} s of warm-up, shop ${shop.url}\n`,
  );

  const withCart = { cookie: await cartCookie(shop.url) };
  const rows = [];
  const renderedRows = [];
  for (const page of pages) {
    const html = Buffer.from(await (await fetch(`${shop.url}${page}`)).arrayBuffer());
    const file = join(work, "page.html");
    writeFileSync(file, html);
    const statics = await startStatic(file);
    const stat = await measure(statics.url, statics, options);
    await statics.stop();
    const flo = await measure(floor.url, floor, options);
    const ssr = await measure(`${shop.url}${page}`, shop, options);
    const rendered = await measure(`${shop.url}${page}`, shop, options, withCart);
    rows.push({
      page,
      "HTML KB": Number((html.length / 1024).toFixed(1)),
      "static req/s": Math.round(stat.reqPerSec),
      "floor req/s": Math.round(flo.reqPerSec),
      "SSR req/s": Math.round(ssr.reqPerSec),
      "SSR p50 ms": ssr.p50,
      "SSR p99 ms": ssr.p99,
      errors: ssr.errors,
      non2xx: ssr.non2xx,
      "SSR/floor": Number((ssr.reqPerSec / flo.reqPerSec).toFixed(2)),
      "SSR/static": Number((ssr.reqPerSec / stat.reqPerSec).toFixed(3)),
      "floor CPU ms/req": Number(flo.cpuMsPerRequest.toFixed(2)),
      "SSR CPU ms/req": Number(ssr.cpuMsPerRequest.toFixed(2)),
      "floor/SSR CPU": Number((flo.cpuMsPerRequest / ssr.cpuMsPerRequest).toFixed(2)),
    });
    renderedRows.push({
      page,
      "floor req/s": Math.round(flo.reqPerSec),
      "rendered req/s": Math.round(rendered.reqPerSec),
      "p50 ms": rendered.p50,
      "p99 ms": rendered.p99,
      errors: rendered.errors,
      non2xx: rendered.non2xx,
      "rendered/floor": Number((rendered.reqPerSec / flo.reqPerSec).toFixed(2)),
      "floor CPU ms/req": Number(flo.cpuMsPerRequest.toFixed(2)),
      "rendered CPU ms/req": Number(rendered.cpuMsPerRequest.toFixed(2)),
      "floor/rendered CPU": Number((flo.cpuMsPerRequest / rendered.cpuMsPerRequest).toFixed(2)),
    });
    console.log(`measured ${page}`);
  }
  console.log("\nWithout cookies (a first visit, a crawler): pages the server keeps");
  console.table(rows);
  console.log("\nWith a cart holding one product: every page rendered");
  console.table(renderedRows);
} finally {
  for (const server of started.reverse()) await server.stop();
  rmSync(work, { recursive: true, force: true });
}
