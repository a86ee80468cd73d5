import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import getPort from "get-port";
import { createCookie } from "react-router";
import { connect } from "#api/db/connect.ts";
import { setVariantStock } from "#api/operator/stock.ts";
import { CURRENCY_COOKIE, SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_SECONDS } from "#app/lib/constants.ts";
import { CATALOGUE_FRESHNESS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";
import { type Instance, ready, startInstance, stop, withAdmin } from "./instances.ts";

/**
 * The catalogue's freshness bound across instances: two shops on one database each keep a product page, the
 * operator's stock:set changes the product's stock, and both show it within the bound (the server's part of it:
 * the rest is the `max-age` the page allows browsers and caches in front). On SQLite always, on PostgreSQL when
 * there is one (TEST_PG_ADMIN_URL). Each shop runs as `npm start` would, with the page cache.
 */

interface Database {
  url: string;
  drop: () => Promise<void>;
}

async function sqliteDatabase(dir: string): Promise<Database> {
  return { url: `file:${join(dir, "shop.db")}`, drop: async () => {} };
}

async function postgresDatabase(): Promise<Database> {
  const name = `shop_freshness_${process.pid}_${Date.now()}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(process.env.TEST_PG_ADMIN_URL ?? "");
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}"`)).then(() => {}) };
}

/** An exchange-rate service of one instance's own, answering `usd` dollars to the pound. */
async function ratesService(usd: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ result: "success", base_code: "GBP", rates: { GBP: 1, USD: usd } }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the rates service has no port");
  return { url: `http://127.0.0.1:${address.port}/latest/GBP`, server };
}

/** The dollar amounts a page shows, in order. */
const dollarAmounts = (html: string) => [...html.matchAll(/\$(\d[\d,]*\.\d\d)/g)].map((match) => match[1]);

const databases: [name: string, make: (dir: string) => Promise<Database>][] = [["SQLite", sqliteDatabase]];
if (process.env.TEST_PG_ADMIN_URL) databases.push(["PostgreSQL", postgresDatabase]);

/** A page answered from the server's page cache (it carries `Age`), asked for until one is. */
async function keptPage(request: APIRequestContext, url: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await request.get(url, { headers: { cookie: "" } });
    expect(response.status()).toBe(200);
    if (response.headers().age !== undefined) return response;
  }
  throw new Error(`${url} was never answered from the page cache`);
}

/** Waits until a fresh render of `url` has been kept (the kept copy's lifetime ends it), so the kept copy is as young as it can be. */
async function freshlyKept(request: APIRequestContext, url: string) {
  for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt; ) {
    const response = await request.get(url, { headers: { cookie: "" } });
    if (response.headers().age === undefined) return keptPage(request, url);
  }
  throw new Error(`${url} was never rendered again`);
}

for (const [databaseName, makeDatabase] of databases) {
  test(`stock:set on one database shows on every instance's kept product page and cart within the bound, and the instances convert at one rate (${databaseName})`, async ({
    playwright,
  }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), "shop-freshness-"));
    const database = await makeDatabase(dir);
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["SEED_DEMO", "API_BASE_URL", "API_INTERNAL_SECRET", "TRUST_PROXY", "TEST_PG_ADMIN_URL", "WEB_CONCURRENCY"])
      delete env[name];
    Object.assign(env, {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      PG_POOL_MAX: "4",
      LOG_LEVEL: "warn",
      OUTBOX_DIR: join(dir, "outbox"),
      SESSION_SECRET: "catalogue-freshness-secret-0123456789abcdef",
      WEB_CONCURRENCY: "1",
    });
    // Each instance is told of a rate service of its own, answering differently: the shop must still show one rate.
    const rates = [await ratesService(1.25), await ratesService(1.5)];
    const instances: Instance[] = [];
    const operator = connect(database.url);
    // Each instance its own cookie jar: a shopper on B only.
    const shopper = await playwright.request.newContext();
    const visitor = await playwright.request.newContext();
    try {
      // The first seeds; the second starts on the seeded database.
      for (const { url } of rates) {
        instances.push(startInstance(await getPort(), { ...env, EXCHANGE_RATES_URL: url }));
        await ready(instances.at(-1) as Instance);
      }
      const [a, b] = instances as [Instance, Instance];

      const product = (await (await visitor.get(`${a.url}/api/public/products?limit=1`)).json()).data[0];
      const detail = (await (await visitor.get(`${a.url}/api/public/products/${product.id}`)).json()).data;
      const skus: string[] = detail.variants.map((variant: { sku: string }) => variant.sku);
      const setStock = async (stock: number) => {
        for (const sku of skus) expect(await setVariantStock(operator, sku, stock)).toMatchObject({ to: stock });
      };
      await setStock(7);
      const path = `/product/${encodeProductId(product.id)}`;

      // A shopper on B holds one unit of the product's first variant; their cart is rendered for them on every visit.
      const variant = detail.variants[0];
      const added = await shopper.post(`${b.url}/cart`, {
        headers: { origin: b.url },
        form: { intent: "add", productId: String(product.id), variantId: String(variant.id), redirectTo: "/cart" },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(303);
      const cartShowsMax = async () => (await (await shopper.get(`${b.url}/cart`)).text()).includes(MSG.cart.maxReached);
      expect(await cartShowsMax()).toBe(false);

      // Both instances keep the product page with the old stock; B's copy is freshly kept.
      const shows = async (instance: Instance, stock: number) =>
        (await (await visitor.get(`${instance.url}${path}`, { headers: { cookie: "" } })).text()).includes(
          MSG.catalogue.stockAvailable(stock),
        );
      // (Preparation, not the bound: long enough for a shop that keeps pages longer, so such a shop fails below.)
      await expect.poll(() => shows(a, 7), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => shows(b, 7), { timeout: 30_000 }).toBe(true);
      const keptOnA = await keptPage(visitor, `${a.url}${path}`);
      expect(await keptOnA.text()).toContain(MSG.catalogue.stockAvailable(7));
      // What browsers and caches in front may add to the server's lag stays within the bound.
      expect(keptOnA.headers()["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
      const { browser, shared, stale } = SHARED_PAGE_SECONDS;
      expect((browser + shared + stale) * 1000 + CATALOGUE_FRESHNESS.trustForMs).toBeLessThanOrEqual(CATALOGUE_FRESHNESS.boundMs);
      expect(await (await freshlyKept(visitor, `${b.url}${path}`)).text()).toContain(MSG.catalogue.stockAvailable(7));

      // The operator's write, in another process than either shop. A page asked for once the server's part of the
      // bound has passed since the write must show it.
      const writtenAt = Date.now();
      await setStock(1);
      const deadline = writtenAt + CATALOGUE_FRESHNESS.trustForMs;
      const showsBy = async (where: string, check: () => Promise<boolean>) => {
        for (;;) {
          const askedAt = Date.now();
          if (await check()) return;
          expect(askedAt, `${where} still showed the old stock ${askedAt - writtenAt} ms after the write`).toBeLessThanOrEqual(deadline);
        }
      };
      await Promise.all([showsBy("A", () => shows(a, 1)), showsBy("B", () => shows(b, 1)), showsBy("the cart on B", cartShowsMax)]);

      // Prices in dollars: the same on both instances.
      const dollars = (await createCookie(CURRENCY_COOKIE).serialize("USD")).split(";")[0] ?? "";
      const inDollars = async (instance: Instance) =>
        dollarAmounts(await (await visitor.get(`${instance.url}${path}`, { headers: { cookie: dollars } })).text());
      const [onA, onB] = [await inDollars(a), await inDollars(b)];
      expect(onA.length).toBeGreaterThan(0);
      expect(onB).toEqual(onA);
    } finally {
      await shopper.dispose();
      await visitor.dispose();
      await Promise.all(instances.map(stop));
      await operator.close();
      await database.drop();
      for (const { server } of rates) server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
