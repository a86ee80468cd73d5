/**
 * Sustained load over a shopper's mix, against the built shop in its own process: the home page, the listing, a
 * search, a product page, adding to the cart through the storefront's form (a 303 on success) and the cart page,
 * in that order on every connection. Prints requests, errors, 5xx, p99 and the server's resident memory at the
 * start and at the end.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildForBench, firstProductPath, residentBytes, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run bench:load -- [--duration 60] [--connections 50] [--no-build]

Builds the shop (unless --no-build), starts it with the demo catalogue on a temp database and runs the mix for
--duration seconds at --connections connections. Resident memory growth over 10% is reported as such.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The fields of the first add-to-cart form on a page, as the browser would post them. */
function addToCartBody(html: string): string {
  const form = /<form[^>]*action="\/cart"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error("No add-to-cart form on /products");
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields.append(name, /value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  fields.set("intent", "add");
  return fields.toString();
}

if (!args["no-build"]) buildForBench({ floor: false });
const shop = await startShop();
try {
  const pid = shop.child.pid ?? 0;
  const product = await firstProductPath(shop.url);
  const body = addToCartBody(await (await fetch(`${shop.url}/products`)).text());
  // Warm up once so the start figure is the running server's, not a cold one's.
  await autocannon({ url: shop.url, duration: 2, connections: 4 });
  const rssStart = residentBytes(pid);
  const result = await autocannon({
    url: shop.url,
    duration: Number(args.duration),
    connections: Number(args.connections),
    requests: [
      { method: "GET", path: "/" },
      { method: "GET", path: "/products" },
      { method: "GET", path: "/products?search=dress" },
      { method: "GET", path: product },
      {
        method: "POST",
        path: "/cart",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
        body,
      },
      { method: "GET", path: "/cart" },
    ],
  });
  const rssEnd = residentBytes(pid);
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const growth = (rssEnd - rssStart) / rssStart;
  console.table([
    {
      requests: result.requests.total,
      "req/s": Math.round(result.requests.average),
      errors: result.errors + result.timeouts,
      "4xx": result["4xx"],
      "5xx": result["5xx"],
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "RSS start MB": mb(rssStart),
      "RSS end MB": mb(rssEnd),
      "RSS growth %": Number((growth * 100).toFixed(1)),
    },
  ]);
  if (growth > 0.1) console.log("Resident memory grew by more than 10%.");
} finally {
  await shop.stop();
}
