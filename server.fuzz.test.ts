import { Agent, request } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "./api/app.ts";
import { systemClock } from "./api/core/clock.ts";
import type { ApiDeps } from "./api/core/env.ts";
import { createSignedInUser } from "./api/testing/accounts.ts";
import { ZOD_WORDS } from "./api/testing/zod-words.ts";
import routes from "./app/routes.ts";
import { MSG } from "./contract/messages.ts";
import { type DevShop, startDevShop } from "./tests/dev-shop.ts";

/**
 * Hostile requests against every API endpoint and every storefront page and form action, generated from a
 * seeded RNG so a failure reproduces: no 5xx, the server keeps answering, memory stays bounded and nothing
 * is written. Raw `node:http` requests, because fetch refuses TRACE, broken bodies and forged lengths.
 */
const SEED = 0x5eed7;
const REQUESTS = 1_200;
/** Live heap may grow by this much during the run (a sparse `x[99999999]` or a 100 MB body would blow it). */
const HEAP_GROWTH_LIMIT_BYTES = 384 * 1024 * 1024;
/**
 * Tables that refused requests are meant to move: counters (failed logins count against the rate limits) and the
 * server's own shared state (the exchange rates the first page fetched).
 */
const COUNTER_TABLES = new Set(["rate_limits", "exchange_rates"]);

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer | string };
type FuzzResponse = { status: number; bytes: number; text: string };

function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_VALUES = [
  "",
  "x",
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999",
  "null",
  "true",
  "[]",
  "{}",
  "a\u0000b",
  "\u0000",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "'); DELETE FROM products; --",
  'shirt* OR "a" NEAR(b) AND -c ^d',
  '"unterminated',
  "title:*",
  "%",
  "%%",
  "%E0%A4%A",
  "\uFFFF\uFFFE",
  "\uD800",
  "Ā",
  "/\u0100",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "a".repeat(5000),
  "../../../etc/passwd",
  "not-an-email",
  "@@",
  "zz",
  "{",
  "[{]",
];

const FIELD_NAMES = [
  "email",
  "password",
  "confirmPassword",
  "name",
  "firstName",
  "lastName",
  "phone",
  "message",
  "subject",
  "code",
  "otp",
  "intent",
  "redirectTo",
  "productId",
  "variantId",
  "lineId",
  "quantity",
  "fit",
  "size",
  "color",
  "currency",
  "source",
  "id",
  "search",
  "name__confirm",
  "from__confirm",
  "__state__",
  "__intent__",
  "x",
];

/** Hosts no URL can be built from, and one a shop does not answer to. */
const HOSTILE_HOSTS = ["a b", "a<b", "[::1", "evil.example", "x@y", "a:b"];
/** Paths that are not valid percent-encoding. */
const MALFORMED_PATHS = ["/%C0%AE", "/%", "/%E0%A4%A", "/product/%C0", "/api/public/products/%C0", "/api/%"];

const STOREFRONT_PATHS = routes
  .filter((entry) => entry.path !== "*")
  .map((entry) => `/${entry.path ?? ""}`)
  .concat(["/no-such-page", "/cart.data", "/signin.data", "/_root.data"]);

const API_ROUTES = createApi({} as ApiDeps)
  .routes.filter((route) => route.method !== "ALL")
  .map((route) => ({ method: route.method, path: route.path }));

function generator(random: () => number, origin: string) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const hostileValue = () => pick(HOSTILE_VALUES);
  const fillParams = (path: string) => path.replace(/:[a-zA-Z]+\??/g, () => encodeURIComponent(hostileValue().toWellFormed()) || "x");
  const hostileName = () =>
    pick([
      () => pick(FIELD_NAMES),
      () => `${pick(FIELD_NAMES)}[${pick([0, 1, 99, 100_000, 10_000_000, 99_999_999])}]`,
      () => `${pick(FIELD_NAMES)}${"[a]".repeat(Math.floor(random() * 64))}`,
      () => `${pick(FIELD_NAMES)}${".a".repeat(Math.floor(random() * 64))}`,
      () => `${pick(FIELD_NAMES)}[]`,
      () => "a".repeat(2000),
      () => "x\u0000y",
    ])();
  const formBody = () => {
    const params = new URLSearchParams();
    const count = pick([1, 3, 8, 40, 400, 3000]);
    for (let index = 0; index < count; index++) params.append(hostileName(), hostileValue());
    let body = params.toString();
    if (chance(0.15)) body += pick(["&%", "&%zz=1", "&a=%E0%A4%A", "&=", "&&&", "&x=%00", "&%C4%80=%C4%80"]);
    return body;
  };
  const jsonBody = () => {
    const deep = (depth: number): unknown =>
      depth === 0 ? hostileValue() : { a: deep(depth - 1), b: [deep(depth - 1 > 2 ? 0 : depth - 1)] };
    return pick([
      () => JSON.stringify({ email: hostileValue(), password: hostileValue(), productIds: [hostileValue()], quantity: hostileValue() }),
      () => JSON.stringify(deep(pick([3, 10, 200]))),
      () => JSON.stringify(Array.from({ length: pick([10, 10_000]) }, hostileValue)),
      () => "{",
      () => '{"a":',
      () => "\u0000",
      () => '{"productId":-1,"quantity":1e309,"page":"x","limit":1e9}',
      () => formBody(),
    ])();
  };
  const tamperedCookie = () =>
    pick([
      "__session=eyJ0b2tlbiI6ImZha2UifQ%3D%3D.AAAA",
      "__session=%00%00",
      `__session=${"A".repeat(4000)}`,
      "cart=W3sicHJvZHVjdElkIjoiMSIsInF1YW50aXR5IjoxMDAwMDAwfV0%3D.forged",
      "preferredCurrency=%C4%80",
      "preferredCurrency=XXX",
      "cart=%E0%A4%A",
    ]);
  const query = () => {
    const params = new URLSearchParams();
    for (let index = 0; index < pick([1, 2, 5]); index++) {
      params.append(
        pick(["search", "q", "redirectTo", "page", "limit", "sort", "category", "minPrice", "color", "size", "email", hostileName()]),
        hostileValue(),
      );
    }
    return `?${params}`;
  };
  const oddMethod = () => pick(["PUT", "PATCH", "DELETE", "TRACE", "OPTIONS", "PROPFIND", "CONNECT"]);

  return (): FuzzRequest => {
    const headers: Record<string, string> = {};
    if (chance(0.3)) headers.cookie = tamperedCookie();
    if (chance(0.1)) headers["x-forwarded-host"] = pick(HOSTILE_HOSTS);
    if (chance(0.3)) {
      const route = pick(API_ROUTES);
      if (chance(0.3)) headers.authorization = pick(["Bearer x", "Bearer ", "Basic Zm9vOmJhcg==", `Bearer ${"A".repeat(3000)}`]);
      const method = chance(0.8) ? route.method : oddMethod();
      const path = fillParams(route.path) + (chance(0.5) ? query() : "");
      if (method === "GET" || method === "HEAD" || method === "TRACE") return { method, path, headers };
      headers["content-type"] = pick(["application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"]);
      return { method, path, headers, body: chance(0.02) ? Buffer.alloc(200 * 1024, 0x7b) : jsonBody() };
    }

    const path = (chance(0.05) ? pick(MALFORMED_PATHS) : fillParams(pick(STOREFRONT_PATHS))) + (chance(0.4) ? query() : "");
    const kind = random();
    if (kind < 0.2) return { method: pick(["GET", "HEAD"]), path, headers };
    if (kind < 0.3) return { method: oddMethod(), path, headers, body: chance(0.5) ? undefined : formBody() };
    const from = random();
    if (from < 0.8) headers.origin = origin;
    else if (from < 0.9) headers.origin = pick(["http://evil.example", "null"]);
    else if (from < 0.95) headers["sec-fetch-site"] = "cross-site";
    if (kind < 0.4) {
      headers["content-type"] = pick([
        "application/json",
        "text/plain",
        "multipart/form-data; boundary=x",
        "multipart/form-data",
        "image/png",
      ]);
      return { method: "POST", path, headers, body: pick(['{"intent":"clear"}', "--x\r\nbroken", "\u0000\u0000", formBody()]) };
    }
    headers["content-type"] = "application/x-www-form-urlencoded";
    if (kind < 0.43) {
      if (chance(0.5)) headers["transfer-encoding"] = "chunked";
      return { method: "POST", path, headers, body: Buffer.alloc(3 * 1024 * 1024, 0x61) };
    }
    return { method: "POST", path, headers, body: formBody() };
  };
}

function send(agent: Agent, port: number, fuzz: FuzzRequest): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, agent, method: fuzz.method, path: fuzz.path, headers: fuzz.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, bytes: body.length, text: body.toString("utf8") });
        });
        response.on("error", reject);
      },
    );
    // A server that refuses a large body may close the connection before reading it all.
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve({ status: 0, bytes: 0, text: "" }) : reject(error),
    );
    outgoing.end(fuzz.body);
  });
}

describe("hostile requests (fuzz)", () => {
  let devShop: DevShop;
  let shop: DevShop["shop"];
  let port: number;

  beforeAll(async () => {
    devShop = await startDevShop("fuzz-test", {
      env: {
        // X-Forwarded-Host is then the host React Router builds URLs from (Vite's dev server checks Host alone).
        TRUST_PROXY: "loopback",
      },
    });
    ({ shop, port } = devShop);
  });

  afterAll(() => devShop?.stop());

  async function rowCounts() {
    const tables = await shop.db.kysely.introspection.getTables();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      if (COUNTER_TABLES.has(table.name) || table.name.startsWith("kysely_")) continue;
      const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(shop.db.kysely);
      counts[table.name] = Number(result.rows[0]?.n);
    }
    return counts;
  }

  /** The shop's own error page (the root error boundary inside the site chrome), not a bare text. */
  const isErrorPage = (text: string) => text.includes("<html") && text.includes('class="status-page"');
  const form = { "content-type": "application/x-www-form-urlencoded" };
  /** Stands for this server's own origin, which is known once it listens. */
  const OWN_ORIGIN = "own";
  const chunkedForm = { ...form, "transfer-encoding": "chunked", origin: OWN_ORIGIN };
  const big = `message=${"m".repeat(1024 * 1024)}`;

  it.each<[string, FuzzRequest, number, "page" | "envelope" | "none"]>([
    ["a malformed forwarded host (page)", { method: "GET", path: "/about", headers: { "x-forwarded-host": "a b" } }, 400, "page"],
    [
      "a malformed forwarded host (API)",
      { method: "GET", path: "/api/public/categories", headers: { "x-forwarded-host": "a<b" } },
      400,
      "envelope",
    ],
    ["a path that is not valid UTF-8", { method: "GET", path: "/%C0%AE", headers: {} }, 400, "page"],
    ["a lone percent sign", { method: "GET", path: "/%", headers: {} }, 400, "page"],
    ["a malformed API path", { method: "GET", path: "/api/public/products/%C0", headers: {} }, 400, "envelope"],
    ["a chunked sign-in past 64 KB", { method: "POST", path: "/signin", headers: chunkedForm, body: big }, 413, "page"],
    ["a chunked cart post past 64 KB", { method: "POST", path: "/cart", headers: chunkedForm, body: big }, 413, "page"],
    ["a post with neither Origin nor Referer", { method: "POST", path: "/signin", headers: form, body: "email=a%40b.co" }, 403, "page"],
    [
      "a cross-site post without Origin",
      { method: "POST", path: "/currency", headers: { ...form, "sec-fetch-site": "cross-site" }, body: "currency=EUR" },
      403,
      "none",
    ],
  ])("answers %s with its 4xx", { timeout: 30_000 }, async (_case, hostile, status, shows) => {
    const headers = { ...hostile.headers };
    if (headers.origin === OWN_ORIGIN) headers.origin = `http://127.0.0.1:${port}`;
    const answer = await send(new Agent(), port, { ...hostile, headers });
    expect(answer.status).toBe(status);
    if (shows === "page") expect(isErrorPage(answer.text)).toBe(true);
    if (shows === "envelope") expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: { code: "BAD_REQUEST" } });
  });

  it("puts no forwarded host into the page, robots.txt or what the next visitor gets", async () => {
    for (const path of ["/", "/robots.txt"]) {
      const forged = await send(new Agent(), port, { method: "GET", path, headers: { "x-forwarded-host": "attacker.example" } });
      const next = await send(new Agent(), port, { method: "GET", path, headers: {} });
      expect(forged.text, path).not.toContain("attacker.example");
      expect(next.text, path).not.toContain("attacker.example");
    }
  });

  it(`answers ${REQUESTS} hostile requests without a 5xx, within memory, writing nothing`, { timeout: 600_000 }, async () => {
    const next = generator(mulberry32(SEED), `http://127.0.0.1:${port}`);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const before = await rowCounts();
    const baselineHeap = process.memoryUsage().heapUsed;
    let peakHeap = baselineHeap;
    const statuses: Record<number, number> = {};
    const serverErrors: string[] = [];

    for (let index = 0; index < REQUESTS; index++) {
      const fuzz = next();
      const { status } = await send(agent, port, fuzz);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500) serverErrors.push(`#${index} ${fuzz.method} ${fuzz.path.slice(0, 120)} → ${status}`);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
    agent.destroy();

    console.info(
      JSON.stringify({
        seed: SEED,
        requests: REQUESTS,
        statuses,
        serverErrors: serverErrors.length,
        peakHeapGrowthMB: Math.round((peakHeap - baselineHeap) / 2 ** 20),
      }),
    );
    expect(serverErrors).toEqual([]);
    expect(peakHeap - baselineHeap).toBeLessThan(HEAP_GROWTH_LIMIT_BYTES);
    expect(await rowCounts()).toEqual(before);
    const health = await send(new Agent(), port, { method: "GET", path: "/healthz", headers: {} });
    expect(health.status).toBe(200);
  });
});

describe("validation texts that reach shoppers (no zod wording)", () => {
  let devShop: DevShop;
  let base: string;

  beforeAll(async () => {
    devShop = await startDevShop("texts-test");
    base = devShop.baseUrl;
  }, 120_000);

  afterAll(() => devShop?.stop());

  /** A form post as the page's own form makes it: same origin, with the honeypot fields the page rendered. */
  async function postForm(path: string, fields: Record<string, string>, cookie = "") {
    const page = await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
    const stamp = /<input[^>]*name="from__confirm"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? "";
    return fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name__confirm: "", from__confirm: stamp, ...fields }),
    });
  }

  /** The cookies of a verified shopper signed in through the sign-in form. */
  async function signedInCookie() {
    const { user, password } = await createSignedInUser({ db: devShop.shop.db, clock: systemClock });
    const signIn = await postForm("/signin", { email: user.email, password });
    expect(signIn.status).toBe(302);
    return signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  it.each([
    "/products?min_price=abc&max_price=NaN&page=x",
    "/products?page=-1&sort=cheapest&stock_status=maybe",
    "/products?min_price=1e309&max_price=-5&page=1.5",
    "/product/abc?t=NaN",
    "/order-success?order=NaN",
  ])("GET %s shows no zod wording", async (path) => {
    const response = await fetch(`${base}${path}`, { redirect: "manual" });
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(ZOD_WORDS);
  });

  it("an address form with forged choices shows catalogue texts on the page", async () => {
    const response = await postForm(
      "/profile?tab=account",
      {
        intent: "create",
        label: "Home",
        line1: "1 Silk Street",
        city: "London",
        postal_code: "EC2Y 8DS",
        phone: "020 7946 0000",
        address_type: "Castle",
        is_default: "maybe",
      },
      await signedInCookie(),
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(MSG.validation.invalid);
    expect(page).not.toMatch(ZOD_WORDS);
  });

  it("a contact form with a forged choice and non-text values shows catalogue texts", async () => {
    const response = await postForm("/contact", {
      firstName: "Amina",
      lastName: "Khan",
      email: "amina@example.com",
      subject: "Castle",
      message: "Hello",
      phone: "NaN",
    });
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(ZOD_WORDS);
  });
});
