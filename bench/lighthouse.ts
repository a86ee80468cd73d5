/**
 * Lighthouse (mobile, the CLI's default preset: emulated mid-range phone, slow 4G, 4× CPU slowdown) on /, /products,
 * a product page and /cart of the built shop, with the system Chromium. Prints the four category scores and
 * LCP, TBT and CLS. /cart is noindex on purpose, so its SEO score is not 100.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildForBench, firstProductPath, root, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run audit:lighthouse -- [--no-build] [--path /extra ...]

Builds the shop (unless --no-build), starts it on a free port with the demo catalogue, and runs Lighthouse's
mobile audit on each page with CHROME_PATH (default /usr/bin/chromium). Prints Performance, Accessibility,
Best Practices, SEO, LCP, TBT and CLS per page; the JSON reports are kept with --keep DIR.`;

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    path: { type: "string", multiple: true, default: [] },
    keep: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chrome)) throw new Error(`No Chromium at ${chrome}: install it (apt-get install chromium) or set CHROME_PATH`);

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/** One audit; a second attempt when Chromium's trace fails (NO_NAVSTART happens now and then under load). */
function audit(url: string, output: string, attempts = 2): Report {
  const result = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/lighthouse/cli/index.js"),
      url,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.status !== 0) {
    if (attempts > 1) return audit(url, output, attempts - 1);
    throw new Error(`lighthouse failed on ${url}`);
  }
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

if (!args["no-build"]) buildForBench({ floor: false });
const reports = args.keep ?? mkdtempSync(join(tmpdir(), "shop-lighthouse-"));
mkdirSync(reports, { recursive: true });
const shop = await startShop();
try {
  const pages = ["/", "/products", await firstProductPath(shop.url), "/cart", ...args.path];
  const rows = [];
  for (const [index, page] of pages.entries()) {
    const report = audit(`${shop.url}${page}`, join(reports, `page-${index}.json`));
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    rows.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      "LCP s": Number((metric("largest-contentful-paint") / 1000).toFixed(2)),
      "TBT ms": Math.round(metric("total-blocking-time")),
      CLS: Number(metric("cumulative-layout-shift").toFixed(3)),
    });
    console.log(`audited ${page}`);
  }
  console.table(rows);
} finally {
  await shop.stop();
  if (!args.keep) rmSync(reports, { recursive: true, force: true });
}
