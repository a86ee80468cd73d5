/**
 * Sustained load over a shopper's visit, against the built shop in its own process. Before the run, verified
 * shoppers are made through the API (sign-up, the mailed code, a saved address). Each visit on a connection is
 * one of them: the home page, the listing, a search, their product's page, adding one of its variants to the cart
 * through the storefront's form (a 303 setting the cart cookie), the cart page with that cookie, signing in
 * (`POST /api/public/auth/login`) and paying by test card (`POST /api/payments/process`, test gateway). A warm-up
 * phase of the same visits comes first, so "start" is a server that has reached its working size (JIT-compiled
 * code, heaps grown under load, SQLite's page cache filled), not one that has just booted. Prints requests,
 * errors, 4xx, 5xx, p50, p99, sign-ins and orders placed, and the resident memory of the primary and of each
 * worker: after boot, at the start and end of the measured run, and sampled in between. With --faults the shop runs
 * on a throwaway PostgreSQL cluster with two workers, and under load the database is stopped and started again and
 * then a worker is killed; the run prints what the shoppers met (errors, 503s, the longest answer) and what was
 * lost: orders answered to a shopper but missing from the database, and orders placed whose answer never came.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from "../scripts/pg-cluster.ts";
import { buildForBench, childrenOf, residentByProcess, startShop } from "./lib/servers.ts";
import { clientAddress, cookiesAfter, createShoppers, type Shopper } from "./lib/shoppers.ts";

const USAGE = `Usage: npm run bench:load -- [--duration 60] [--warm-up 30] [--connections 50] [--shoppers 20]
       [--sample 10] [--node-args=--max-old-space-size=256] [--no-build] [--faults [--outage 5]]

Builds the shop (unless --no-build), starts it with the demo catalogue on a temp database, makes --shoppers
verified accounts, runs their visits for --warm-up seconds, then for --duration seconds at --connections
connections, sampling resident memory every --sample seconds. Growth of the total over 10% from the start
to the end of the measured run is reported as such. --node-args go to node before server.ts.

--faults: the shop runs on a throwaway PostgreSQL cluster (the server binaries must be installed) with
WEB_CONCURRENCY=2. A third into the measured run PostgreSQL is stopped (pg_ctl stop -m fast) for --outage
seconds and started again; two thirds in, one worker is killed (SIGKILL). Prints the faults' times, errors, 503s,
the longest answer, and the orders answered against the orders in the database.`;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    "warm-up": { type: "string", default: "30" },
    sample: { type: "string", default: "10" },
    "node-args": { type: "string", default: "" },
    connections: { type: "string", default: "50" },
    shoppers: { type: "string", default: "20" },
    "no-build": { type: "boolean", default: false },
    faults: { type: "boolean", default: false },
    outage: { type: "string", default: "5" },
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

/**
 * The API's envelope in an answer's body, or undefined when it is not JSON: autocannon can pair an answer with the
 * wrong request of a visit after a connection was reset (a killed worker), so a page may arrive here.
 */
function envelopeOf(body: string): { message?: string; data?: { token?: unknown; id?: unknown; order_code?: unknown } } | undefined {
  try {
    return JSON.parse(body) as { message?: string; data?: { token?: unknown; id?: unknown; order_code?: unknown } };
  } catch {
    // Not the API's answer: the caller counts it as a refusal "(not JSON)".
    return undefined;
  }
}

/** With --faults: a throwaway PostgreSQL cluster and a database on it for the shop. */
async function faultDatabase(): Promise<{ cluster: ThrowawayCluster; url: string }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("--faults needs the PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)");
  const cluster = await startThrowawayCluster(bin);
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE shop");
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = "/shop";
  return { cluster, url: url.href };
}

/** The orders in the database by id: their status/payment status and when they were placed. */
async function ordersIn(databaseUrl: string): Promise<Map<number, { state: string; placedAt: number }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; state: string; created_at: string }>(
      "SELECT id, status || '/' || payment_status AS state, created_at FROM orders",
    );
    return new Map(rows.map((row) => [Number(row.id), { state: row.state, placedAt: Date.parse(row.created_at) }]));
  } finally {
    await client.end();
  }
}

if (!args["no-build"]) buildForBench({ floor: false });
const database = args.faults ? await faultDatabase() : undefined;
// The fault run's log: counted at the end (every line JSON, the lost connections), not shown as it comes.
const faultLog = database ? join(mkdtempSync(join(tmpdir(), "shop-bench-faults-")), "server.log") : undefined;
const shop = await startShop({
  nodeArgs: args["node-args"].split(" ").filter(Boolean),
  env: database ? { DATABASE_URL: database.url, WEB_CONCURRENCY: "2" } : {},
  logFile: faultLog,
}).catch((error: unknown) => {
  database?.cluster.stop();
  throw error;
});
try {
  const pid = shop.child.pid ?? 0;
  const shoppers = await createShoppers(shop.url, shop.outboxDir, Number(args.shoppers));
  let visits = 0;
  let signIns = 0;
  let orders = 0;
  let paymentsSent = 0;
  /** Ids of the orders whose payment was answered 200. */
  const answeredOrders = new Set<number>();
  // Refused sign-ins and payments by status and the API's message, so the 4xx column is explained.
  const refusals = new Map<string, number>();
  const countRefusal = (endpoint: string, status: number, body: string) => {
    const envelope = envelopeOf(body);
    const message = envelope ? (envelope.message ?? "") : "(not JSON)";
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
        const token = envelopeOf(body)?.data?.token;
        if (typeof token !== "string") return countRefusal("sign-in", status, body);
        visit.token = token;
        signIns++;
      },
    },
    {
      method: "POST",
      path: "/api/payments/process",
      setupRequest: (request, visit: Visit) => {
        paymentsSent++;
        return {
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
        };
      },
      onResponse: (status, body) => {
        if (status !== 200) countRefusal("payment", status, body);
      },
    },
  ];
  // autocannon pairs an answer with the wrong request on a connection the server closed (a killed worker's): it
  // sends the next request while the unanswered one stays queued. A payment's answer (an order, by its code) may
  // then reach another request's handler, so every handler looks for one.
  const noteOrder = (status: number, body: string) => {
    const data = status === 200 && body.startsWith("{") ? envelopeOf(body)?.data : undefined;
    if (typeof data?.id !== "number" || typeof data.order_code !== "string" || answeredOrders.has(data.id)) return;
    answeredOrders.add(data.id);
    orders++;
  };
  for (const request of visitRequests) {
    const own = request.onResponse;
    request.onResponse = (status, body, context, headers) => {
      noteOrder(status, body);
      if (typeof own === "function") own(status, body, context, headers);
    };
  }
  const visitsFor = (seconds: number) =>
    autocannon({ url: shop.url, duration: seconds, connections: Number(args.connections), requests: visitRequests });

  const afterBoot = residentByProcess(pid);
  if (Number(args["warm-up"]) > 0) await visitsFor(Number(args["warm-up"]));
  // Visits keep counting on (new client addresses, the next variants); the table shows the measured run's.
  const before = { visits, signIns, orders };
  const samples = [{ second: 0, rss: residentByProcess(pid) }];
  const started = performance.now();
  const startedAt = Date.now();
  const sampler = setInterval(
    () => samples.push({ second: Math.round((performance.now() - started) / 1000), rss: residentByProcess(pid) }),
    Number(args.sample) * 1000,
  );
  // --faults: the database goes away a third into the run and comes back; a worker is killed two thirds in.
  const faults: { second: number; fault: string }[] = [];
  const noteFault = (fault: string) => faults.push({ second: Number(((performance.now() - started) / 1000).toFixed(1)), fault });
  const durationMs = Number(args.duration) * 1000;
  const faultsDone = database
    ? Promise.all([
        sleep(durationMs / 3).then(async () => {
          noteFault("stopping PostgreSQL (pg_ctl stop -m fast)");
          await database.cluster.pause();
          noteFault("PostgreSQL stopped");
          await sleep(Number(args.outage) * 1000);
          noteFault("starting PostgreSQL");
          await database.cluster.resume();
          noteFault("PostgreSQL accepts connections");
        }),
        sleep((durationMs * 2) / 3).then(() => {
          const [worker] = childrenOf(pid);
          if (worker === undefined) return noteFault("no worker to kill");
          process.kill(worker, "SIGKILL");
          noteFault(`worker ${worker} killed (SIGKILL)`);
        }),
      ])
    : Promise.resolve();
  let result: autocannon.Result;
  try {
    result = await visitsFor(Number(args.duration));
  } finally {
    clearInterval(sampler);
  }
  await faultsDone;
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
      "max ms": result.latency.max,
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
  if (database) {
    console.log("Faults, in seconds from the start of the measured run:");
    console.table(faults);
    const stored = await ordersIn(database.url);
    const lost = [...answeredOrders].filter((id) => !stored.has(id));
    const unanswered = [...stored].filter(([id]) => !answeredOrders.has(id));
    console.log("Over the warm-up and the measured run:");
    console.table([
      {
        "payments sent": paymentsSent,
        "answered 200": answeredOrders.size,
        "orders in the database": stored.size,
        "answered but not in the database (lost)": lost.length,
        "in the database but not answered": unanswered.length,
        "measured run: errors": result.errors + result.timeouts,
        "measured run: 503": result.statusCodeStats?.["503"]?.count ?? 0,
        "measured run: 500": result.statusCodeStats?.["500"]?.count ?? 0,
        "measured run: longest answer ms": result.latency.max,
      },
    ]);
    if (faultLog) {
      const lines = readFileSync(faultLog, "utf8").split("\n").filter(Boolean);
      const messages = lines.flatMap((line) => {
        try {
          return [(JSON.parse(line) as { msg?: string }).msg ?? ""];
        } catch {
          // Not JSON (a raw stack trace): counted as such below.
          return [];
        }
      });
      const count = (start: string) => messages.filter((message) => message.startsWith(start)).length;
      console.log(`The server's log (${faultLog}):`);
      console.table([
        {
          lines: lines.length,
          "not JSON": lines.length - messages.length,
          "connections lost": count("a database connection failed"),
          "requests answered 503 (database away)": count("the database is unavailable"),
          "workers replaced": count("a worker died"),
        },
      ]);
    }
    if (unanswered.length > 0) {
      // When they were placed tells the faults' from those in flight as the warm-up and the run ended (0 s and the
      // last second), which autocannon stops without reading their answers.
      const groups = new Map<string, { second: number; state: string; count: number }>();
      for (const [, { state, placedAt }] of unanswered) {
        const second = Math.floor((placedAt - startedAt) / 1000);
        const group = groups.get(`${second} ${state}`) ?? { second, state, count: 0 };
        group.count++;
        groups.set(`${second} ${state}`, group);
      }
      console.log("Orders placed whose answer the bench did not read, by second of the measured run and status/payment status:");
      console.table([...groups.values()].sort((a, b) => a.second - b.second));
    }
  }
} finally {
  await shop.stop();
  database?.cluster.stop();
}
