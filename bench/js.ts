/**
 * First-load JavaScript: the gzip bytes of every script a first visit loads, two ways. `HTML`: the scripts the
 * served HTML declares (its modulepreload links and the module scripts' imports). `browser`: every script
 * headless Chromium requested while it loaded the page on a phone-sized screen, up to the load event and network
 * idle, without any interaction: what a shopper's browser really downloads before they touch the page, parts
 * whose code loads on its own after hydration included. The budget is judged on the browser's figure.
 */

import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "../tests/chromium.ts";
import { buildForBench, firstProductPath, type Running, startFloor, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run bench:js -- [--no-build] [--budget-kb 120] [--chunks] [--path /extra ...]

Builds the shop and the floor (unless --no-build), starts them, and prints for /, /products, a product page, /cart,
the pages with forms a guest reaches (/signin, /signup, /contact, /need-support, and /checkout, which sends a guest
to /signin as every page behind sign-in does) and each --path: the scripts the HTML declares and their gzip size, the
scripts headless Chromium (CHROME_PATH, default /usr/bin/chromium; 390 px wide, touch) requested up to the load
event and network idle without interacting, and their gzip size, the floor's for comparison, and whether the
browser's figure is within the budget. Gzip at the level the server's compression uses (6). --chunks also lists
each page's scripts, largest first, marking those only the browser loaded.`;

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

/** The pages with forms a guest can open; /checkout stands for those behind sign-in, which send a guest to /signin. */
const FORM_PAGES = ["/signin", "/signup", "/contact", "/need-support", "/checkout"];

/** A phone: what Lighthouse's mobile preset and most shoppers use. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Script URLs a page loads before it is interactive: modulepreload links and static imports in inline module scripts. */
function declaredScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(href);
  for (const [, src] of html.matchAll(/<script[^>]* src="([^"]+\.js)"/g)) urls.add(src);
  for (const [, spec] of html.matchAll(/import(?:\s[^"']*from)?\s*["'](\/[^"']+\.js)["']/g)) urls.add(spec);
  return [...urls];
}

interface ScriptSize {
  script: string;
  gzip: number;
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 6 }).length;
const total = (sizes: readonly ScriptSize[]) => sizes.reduce((sum, size) => sum + size.gzip, 0);

/** What the HTML declares, fetched one by one; also where a redirect (a guest on /checkout) landed. */
async function declaredLoad(base: string, path: string) {
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const sizes: ScriptSize[] = [];
  for (const script of declaredScripts(html)) {
    const body = Buffer.from(await (await fetch(new URL(script, base))).arrayBuffer());
    sizes.push({ script, gzip: gzipSize(body) });
  }
  return { landed: new URL(response.url).pathname, sizes };
}

/** Every script the browser requested for a first visit (a fresh context: no cache, no cookies), until the network is idle. */
async function browserLoad(browser: Browser, base: string, path: string): Promise<ScriptSize[]> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const bodies: Promise<ScriptSize>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const script = new URL(response.url()).pathname;
      bodies.push(response.body().then((body) => ({ script, gzip: gzipSize(body) })));
    });
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    return await Promise.all(bodies);
  } finally {
    await context.close();
  }
}

if (!args["no-build"]) buildForBench({ floor: true });
const budget = Number(args["budget-kb"]) * 1024;
const started: Running[] = [];
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
try {
  const shop = await startShop();
  started.push(shop);
  const floor = await startFloor();
  started.push(floor);
  const pages = ["/", "/products", await firstProductPath(shop.url), "/cart", ...FORM_PAGES, ...args.path];
  const floorDeclared = total((await declaredLoad(floor.url, "/")).sizes);
  const floorBrowser = total(await browserLoad(browser, floor.url, "/"));
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const rows = [];
  for (const page of pages) {
    const declared = await declaredLoad(shop.url, page);
    const loaded = await browserLoad(browser, shop.url, page);
    if (args.chunks) {
      console.log(`${page}:`);
      const inHtml = new Set(declared.sizes.map((size) => size.script));
      const largestFirst = loaded.toSorted((a, b) => b.gzip - a.gzip);
      console.table(largestFirst.map(({ script, gzip }) => ({ script, "KB gzip": kb(gzip), "in HTML": inHtml.has(script) })));
    }
    rows.push({
      page: declared.landed === page ? page : `${page} → ${declared.landed}`,
      "HTML scripts": declared.sizes.length,
      "HTML KB gzip": kb(total(declared.sizes)),
      "browser scripts": loaded.length,
      "browser KB gzip": kb(total(loaded)),
      "floor KB gzip (HTML, browser)": `${kb(floorDeclared)}, ${kb(floorBrowser)}`,
      "within budget": total(loaded) <= budget,
    });
  }
  console.table(rows);
} finally {
  await browser.close();
  for (const server of started.reverse()) await server.stop();
}
