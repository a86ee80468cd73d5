/**
 * Sustained load over a shopper's visit, against the built shop in its own process. Before the run, verified
 * shoppers are made through the API (sign-up, the mailed code, a saved address). Each visit on a connection is
 * one of them: the home page, the listing, a search, their product's page, adding one of its variants to the cart
 * through the storefront's form (a 303 setting the cart cookie), the cart page with that cookie, signing in
 * (`POST /api/public/auth/login`) and paying by test card (`POST /api/payments/process`, test gateway). Prints
 * requests, errors, 4xx, 5xx, p50, p99, sign-ins and orders placed, and the server's resident memory at the start
 * and at the end.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildForBench, residentBytes, startShop } from "./lib/servers.ts";
import { clientAddress, createShoppers, type Shopper } from "./lib/shoppers.ts";

const USAGE = `Usage: npm run bench:load -- [--duration 60] [--connections 50] [--shoppers 20] [--no-build]

Builds the shop (unless --no-build), starts it with the demo catalogue on a temp database, makes --shoppers
verified accounts and runs their visits for --duration seconds at --connections connections. Resident memory
growth over 10% is reported as such.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    shoppers: { type: "string", default: "20" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** What one visit carries from request to request: who is shopping, from where, and what the shop answered. */
interface Visit {
  shopper?: Shopper;
  variant?: Shopper["variants"][number];
  ip?: string;
  cookie?: string;
  token?: string;
}

/** The cookies a response sets, as the browser would send them back (name=value pairs). */
function cookiesOf(headers: Record<string, string | string[]>, previous = ""): string {
  const set = headers["set-cookie"] ?? [];
  const pairs = new Map(previous ? previous.split("; ").map((pair) => [pair.split("=")[0] ?? "", pair] as const) : []);
  for (const cookie of Array.isArray(set) ? set : [set]) {
    const pair = cookie.split(";")[0] ?? "";
    pairs.set(pair.split("=")[0] ?? "", pair);
  }
  return [...pairs.values()].join("; ");
}

if (!args["no-build"]) buildForBench({ floor: false });
const shop = await startShop();
try {
  const pid = shop.child.pid ?? 0;
  const shoppers = await createShoppers(shop.url, shop.outboxDir, Number(args.shoppers));
  let visits = 0;
  let signIns = 0;
  let orders = 0;
  const visitHeaders = (visit: Visit, extra: Record<string, string> = {}) => ({
    "x-forwarded-for": visit.ip ?? "",
    ...(visit.cookie ? { cookie: visit.cookie } : {}),
    ...extra,
  });
  const page = (path: string) => ({
    method: "GET" as const,
    path,
    setupRequest: (request: autocannon.Request, visit: Visit) => ({ ...request, headers: visitHeaders(visit) }),
  });
  // Warm up once so the start figure is the running server's, not a cold one's.
  await autocannon({ url: shop.url, duration: 2, connections: 4 });
  const rssStart = residentBytes(pid);
  const result = await autocannon({
    url: shop.url,
    duration: Number(args.duration),
    connections: Number(args.connections),
    requests: [
      {
        method: "GET",
        path: "/",
        // A visit starts: the next shopper in turn, the next of their variants, and a client address of its own
        // (sign-in budgets count per address, as they would for so many visitors).
        setupRequest: (request, visit: Visit) => {
          const n = visits++;
          const shopper = shoppers[n % shoppers.length];
          visit.shopper = shopper;
          visit.variant = shopper?.variants[Math.floor(n / shoppers.length) % shopper.variants.length];
          visit.ip = clientAddress(shoppers.length + 2 + n);
          return { ...request, headers: visitHeaders(visit) };
        },
      },
      page("/products"),
      page("/products?search=dress"),
      {
        method: "GET",
        setupRequest: (request, visit: Visit) => ({ ...request, path: visit.shopper?.productPath ?? "/", headers: visitHeaders(visit) }),
      },
      {
        method: "POST",
        path: "/cart",
        setupRequest: (request, visit: Visit) => ({
          ...request,
          headers: visitHeaders(visit, { "content-type": "application/x-www-form-urlencoded", origin: shop.url }),
          body: new URLSearchParams({
            intent: "add",
            source: "detail",
            productId: String(visit.shopper?.productId),
            variantId: String(visit.variant?.id),
            color: visit.variant?.color ?? "",
            size: visit.variant?.size ?? "",
            quantity: "1",
            redirectTo: "/cart",
          }).toString(),
        }),
        onResponse: (_status, _body, visit: Visit, headers) => {
          visit.cookie = cookiesOf(headers as Record<string, string | string[]>, visit.cookie);
        },
      },
      page("/cart"),
      {
        method: "POST",
        path: "/api/public/auth/login",
        setupRequest: (request, visit: Visit) => ({
          ...request,
          headers: visitHeaders(visit, { "content-type": "application/json" }),
          body: JSON.stringify({ email: visit.shopper?.email, password: visit.shopper?.password }),
        }),
        onResponse: (status, body, visit: Visit) => {
          if (status !== 200) return;
          visit.token = (JSON.parse(body) as { data: { token: string } }).data.token;
          signIns++;
        },
      },
      {
        method: "POST",
        path: "/api/payments/process",
        setupRequest: (request, visit: Visit) => ({
          ...request,
          headers: visitHeaders(visit, {
            "content-type": "application/json",
            authorization: `Bearer ${visit.token ?? ""}`,
            "idempotency-key": randomUUID(),
          }),
          body: JSON.stringify({
            cart: { items: [{ productId: visit.shopper?.productId, variant: { id: visit.variant?.id }, quantity: 1 }] },
            address: { id: visit.shopper?.addressId },
            shipping: { method: 1 },
            payment: {
              method: "credit_card",
              cardDetails: { cardholderName: "Bench Shopper", cardNumber: "4242 4242 4242 4242", expiryDate: "12/39", cvv: "123" },
              sameAsBilling: true,
            },
            promoCode: null,
          }),
        }),
        onResponse: (status) => {
          if (status === 200) orders++;
        },
      },
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
      visits,
      "sign-ins": signIns,
      orders,
      "RSS start MB": mb(rssStart),
      "RSS end MB": mb(rssEnd),
      "RSS growth %": Number((growth * 100).toFixed(1)),
    },
  ]);
  if (growth > 0.1) console.log("Resident memory grew by more than 10%.");
} finally {
  await shop.stop();
}
