/**
 * First-load JavaScript: the gzip bytes of every script a page makes the browser load on a first visit (its
 * modulepreload links and the module scripts' imports, read from the served HTML), beside the framework floor.
 */

import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { buildForBench, firstProductPath, type Running, startFloor, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run bench:js -- [--no-build] [--budget-kb 120] [--chunks] [--path /extra ...]

Builds the shop and the floor (unless --no-build), starts them, and prints for /, /products, a product page, /cart
(and each --path) the number of scripts and their gzip size, the floor's for comparison, and whether the page is
within the budget. Gzip at the level the server's compression uses (6). --chunks also lists each page's scripts,
largest first, to show what a page carries.`;

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    "budget-kb": { type: "string", default: "120" },
    chunks: { type: "boolean", default: false },
    path: { type: "string", multiple: true, default: [] },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** Script URLs a page loads before it is interactive: modulepreload links and static imports in inline module scripts. */
function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(href);
  for (const [, src] of html.matchAll(/<script[^>]* src="([^"]+\.js)"/g)) urls.add(src);
  for (const [, spec] of html.matchAll(/import(?:\s[^"']*from)?\s*["'](\/[^"']+\.js)["']/g)) urls.add(spec);
  return [...urls];
}

async function firstLoad(base: string, path: string) {
  const html = await (await fetch(`${base}${path}`)).text();
  const scripts = firstLoadScripts(html);
  const sizes: { script: string; raw: number; gzip: number }[] = [];
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(new URL(script, base))).arrayBuffer());
    sizes.push({ script, raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
  }
  const sum = (key: "raw" | "gzip") => sizes.reduce((total, size) => total + size[key], 0);
  return { scripts: scripts.length, raw: sum("raw"), gzip: sum("gzip"), sizes };
}

if (!args["no-build"]) buildForBench({ floor: true });
const budget = Number(args["budget-kb"]) * 1024;
const started: Running[] = [];
try {
  const shop = await startShop();
  started.push(shop);
  const floor = await startFloor();
  started.push(floor);
  const pages = ["/", "/products", await firstProductPath(shop.url), "/cart", ...args.path];
  const floorLoad = await firstLoad(floor.url, "/");
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const rows = [];
  for (const page of pages) {
    const load = await firstLoad(shop.url, page);
    if (args.chunks) {
      console.log(`${page}:`);
      const largestFirst = load.sizes.toSorted((a, b) => b.gzip - a.gzip);
      console.table(largestFirst.map(({ script, gzip }) => ({ script, "KB gzip": kb(gzip) })));
    }
    rows.push({
      page,
      scripts: load.scripts,
      "KB raw": kb(load.raw),
      "KB gzip": kb(load.gzip),
      "floor KB gzip": kb(floorLoad.gzip),
      "within budget": load.gzip <= budget,
    });
  }
  console.table(rows);
} finally {
  for (const server of started.reverse()) await server.stop();
}
