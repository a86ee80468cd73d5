/**
 * Sustained load over a shopper's visit, against the built shop in its own process. Before the run, verified
 * shoppers are made through the API (sign-up, the mailed code, a saved address). Each visit on a connection is
 * one of them: the home page, the listing, a search, their product's page, adding one of its variants to the cart
 * through the storefront's form (a 303 setting the cart cookie), the cart page with that cookie, signing in
 * (`POST /api/public/auth/login`) and paying by test card (`POST /api/payments/process`, test gateway). A warm-up
 * phase of the same visits comes first, so "start" is a server that has reached its working size (JIT-compiled
 * code, heaps grown under load, SQLite's page cache filled), not one that has just booted. Prints requests,
 * errors, 4xx, 5xx, p50, p99, sign-ins and orders placed, and the resident memory of the primary and of each
 * worker: after boot, at the start and end of the measured run, and sampled in between.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildForBench, residentByProcess, startShop } from "./lib/servers.ts";
import { clientAddress, cookiesAfter, createShoppers, type Shopper } from "./lib/shoppers.ts";

const USAGE = `Usage: npm run bench:load -- [--duration 60] [--warm-up 30] [--connections 50] [--shoppers 20]
       [--sample 10] [--node-args=--max-old-space-size=256] [--no-build]

Builds the shop (unless --no-build), starts it with the demo catalogue on a temp database, makes --shoppers
verified accounts, runs their visits for --warm-up seconds, then for --duration seconds at --connections
connections, sampling resident memory every --sample seconds. Growth of the total over 10% from the start
to the end of the measured run is reported as such. --node-args go to node before server.ts.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    "warm-up": { type: "string", default: "30" },
    sample: { type: "string", default: "10" },
    "node-args": { type: "string", default: "" },
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

if (!args["no-build"]) buildForBench({ floor: false });
const shop = await startShop({ nodeArgs: args["node-args"].split(" ").filter(Boolean) });
try {
  const pid = shop.child.pid ?? 0;
  const shoppers = await createShoppers(shop.url, shop.outboxDir, Number(args.shoppers));
  let visits = 0;
  let signIns = 0;
  let orders = 0;
  // Refused sign-ins and payments by status and the API's message, so the 4xx column is explained.
  const refusals = new Map<string, number>();
  const countRefusal = (endpoint: string, status: number, body: string) => {
    let message = "";
    try {
      message = (JSON.parse(body) as { message?: string }).message ?? "";
    } catch {
      message = "(not JSON)";
    }
    const key = `${endpoint} ${status} ${message}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  };
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
  const visitRequests: autocannon.Request[] = [
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
        const set = (headers as Record<string, string | string[] | undefined>)["set-cookie"] ?? [];
        visit.cookie = cookiesAfter(Array.isArray(set) ? set : [set], visit.cookie);
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
        if (status !== 200) return countRefusal("sign-in", status, body);
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
      onResponse: (status, body) => {
        if (status === 200) orders++;
        else countRefusal("payment", status, body);
      },
    },
  ];
  const visitsFor = (seconds: number) =>
    autocannon({ url: shop.url, duration: seconds, connections: Number(args.connections), requests: visitRequests });

  const afterBoot = residentByProcess(pid);
  if (Number(args["warm-up"]) > 0) await visitsFor(Number(args["warm-up"]));
  // Visits keep counting on (new client addresses, the next variants); the table shows the measured run's.
  const before = { visits, signIns, orders };
  const samples = [{ second: 0, rss: residentByProcess(pid) }];
  const started = performance.now();
  const sampler = setInterval(
    () => samples.push({ second: Math.round((performance.now() - started) / 1000), rss: residentByProcess(pid) }),
    Number(args.sample) * 1000,
  );
  let result: autocannon.Result;
  try {
    result = await visitsFor(Number(args.duration));
  } finally {
    clearInterval(sampler);
  }
  samples.push({ second: Math.round((performance.now() - started) / 1000), rss: residentByProcess(pid) });

  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const total = (rss: Map<number, number>) => [...rss.values()].reduce((sum, bytes) => sum + bytes, 0);
  const rssStart = total(samples[0].rss);
  const rssEnd = total(samples[samples.length - 1].rss);
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
      visits: visits - before.visits,
      "sign-ins": signIns - before.signIns,
      orders: orders - before.orders,
      "RSS start MB": mb(rssStart),
      "RSS end MB": mb(rssEnd),
      "RSS growth %": Number((growth * 100).toFixed(1)),
    },
  ]);
  // Per process: the primary first, then each worker (workers that died and were replaced show as missing).
  const processes = [...new Set(samples.flatMap((sample) => [...sample.rss.keys()]))];
  const role = (id: number) => (id === pid ? `primary ${id}` : `worker ${id}`);
  console.log(
    `Resident memory in MB after boot, then every ${args.sample} s of the measured run (warm-up ${args["warm-up"]} s before it):`,
  );
  console.table(
    processes.map((id) => ({
      process: role(id),
      boot: mb(afterBoot.get(id) ?? Number.NaN),
      ...Object.fromEntries(samples.map((sample) => [`${sample.second} s`, mb(sample.rss.get(id) ?? Number.NaN)])),
      "growth %": Number((((samples.at(-1)?.rss.get(id) ?? 0) / (samples[0].rss.get(id) ?? 1) - 1) * 100).toFixed(1)),
    })),
  );
  if (refusals.size > 0) {
    console.log("Refused sign-ins and payments over the warm-up and the measured run:");
    console.table([...refusals].map(([refusal, count]) => ({ refusal, count })));
  }
  if (growth > 0.1) console.log("Resident memory grew by more than 10%.");
} finally {
  await shop.stop();
}
