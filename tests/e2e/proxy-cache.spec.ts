import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import getPort from "get-port";
import { connect } from "#api/db/connect.ts";
import { setVariantStock } from "#api/operator/stock.ts";
import { SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_SECONDS } from "#app/lib/constants.ts";
import { CATALOGUE_FRESHNESS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";
import { type RunningNginx, startNginx } from "../nginx.ts";
import { PASSWORD, SIGN_IN_MS, signIn } from "./account-helpers.ts";
import { type Instance, ready, startInstance, stop } from "./instances.ts";
import { shopCliOn } from "./order-helpers.ts";

/**
 * The shipped nginx configuration (docs/deploy/nginx.conf), run as it is in front of two instances on one database
 * with PAGE_CACHE=off: it keeps the pages the shop marks public and answers them from its cache, shows the
 * operator's stock change within the freshness bound, and never answers a private page (a cart, a session, the
 * back office) from its cache. Only the addresses, ports and paths of the file are changed for the test.
 */

/** Asks for `url` twice: the second answer, and whether nginx's cache gave it (X-Cache-Status HIT). */
async function askedTwice(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  await request.get(url, { headers, maxRedirects: 0 });
  const second = await request.get(url, { headers, maxRedirects: 0 });
  return { response: second, hit: second.headers()["x-cache-status"] === "HIT" };
}

test("nginx in front of two instances keeps the public pages, shows a stock change within the bound, and never answers a private page from its cache", async ({
  playwright,
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "shop-proxy-"));
  const databaseUrl = `file:${join(dir, "shop.db")}`;
  const proxyPort = await getPort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["SEED_DEMO", "API_BASE_URL", "API_INTERNAL_SECRET", "TEST_PG_ADMIN_URL", "WEB_CONCURRENCY"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    OUTBOX_DIR: join(dir, "outbox"),
    SESSION_SECRET: "proxy-cache-secret-0123456789abcdef0123",
    WEB_CONCURRENCY: "1",
    PAGE_CACHE: "off",
    TRUST_PROXY: "loopback",
    EXCHANGE_RATES_URL: "http://127.0.0.1:9/rates",
  });
  const instances: Instance[] = [];
  let nginx: RunningNginx | undefined;
  const operator = connect(databaseUrl);
  const visitor = await playwright.request.newContext();
  const shopper = await playwright.request.newContext();
  try {
    // The first seeds; the second starts on the seeded database.
    for (let index = 0; index < 2; index++) {
      instances.push(startInstance(await getPort(), env, { publicUrl: proxyUrl }));
      await ready(instances.at(-1) as Instance);
    }
    nginx = await startNginx(
      dir,
      proxyPort,
      instances.map((instance) => instance.url),
    );

    // A public page: marked for shared caches, and answered from nginx's cache the second time.
    const listing = await askedTwice(visitor, `${proxyUrl}/products`);
    expect(listing.response.status()).toBe(200);
    expect(listing.response.headers()["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(listing.hit, "the second visit to /products came from nginx's cache").toBe(true);

    // The operator changes a product's stock; through nginx the page shows it within the bound.
    const product = (await (await visitor.get(`${proxyUrl}/api/public/products?limit=1`)).json()).data[0];
    const detail = (await (await visitor.get(`${proxyUrl}/api/public/products/${product.id}`)).json()).data;
    const skus: string[] = detail.variants.map((variant: { sku: string }) => variant.sku);
    const setStock = async (stock: number) => {
      for (const sku of skus) expect(await setVariantStock(operator, sku, stock)).toMatchObject({ to: stock });
    };
    const productUrl = `${proxyUrl}/product/${encodeProductId(product.id)}`;
    const shows = async (stock: number) => (await (await visitor.get(productUrl)).text()).includes(MSG.catalogue.stockAvailable(stock));
    await setStock(7);
    // (Preparation, not the bound.)
    await expect.poll(() => shows(7), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await askedTwice(visitor, productUrl)).hit, { timeout: 10_000 }).toBe(true);
    const writtenAt = Date.now();
    await setStock(1);
    // The bound, less what a browser may still add to what nginx answers.
    const deadline = writtenAt + CATALOGUE_FRESHNESS.boundMs - SHARED_PAGE_SECONDS.browser * 1000;
    for (;;) {
      const askedAt = Date.now();
      if (await shows(1)) break;
      expect(askedAt, `nginx still answered the old stock ${askedAt - writtenAt} ms after the write`).toBeLessThanOrEqual(deadline);
    }

    // A cart: its pages are the shopper's own, never kept, and a public page cached for others is not what they get.
    const variant = detail.variants.find((entry: { stock: number }) => entry.stock > 0) ?? detail.variants[0];
    const added = await shopper.post(`${proxyUrl}/cart`, {
      headers: { origin: proxyUrl },
      form: { intent: "add", productId: String(product.id), variantId: String(variant.id), redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    expect((await askedTwice(visitor, `${proxyUrl}/`)).hit).toBe(true);
    for (const path of ["/", "/cart", "/products"]) {
      const { response, hit } = await askedTwice(shopper, `${proxyUrl}${path}`);
      expect(hit, `${path} with a cart came from nginx's cache`).toBe(false);
      expect(response.headers()["cache-control"], path).toBe("private, no-cache");
    }
    expect(await (await shopper.get(`${proxyUrl}/`)).text()).toContain("Cart, 1 item");

    // A session: signed in through nginx in a browser, the profile and the back office are never kept.
    const email = "proxy-operator@example.com";
    await shopCliOn(databaseUrl, ["operator:create", "--email", email, "--name", "Proxy Desk"], `${PASSWORD}\n${PASSWORD}\n`);
    await page.goto(`${proxyUrl}/signin`);
    await signIn(page, email, PASSWORD);
    await expect(page).not.toHaveURL(/\/signin/, { timeout: SIGN_IN_MS });
    for (const path of ["/profile", "/admin", "/", "/checkout/payment-status"]) {
      const { response, hit } = await askedTwice(page.request, `${proxyUrl}${path}`);
      expect(hit, `${path} with a session came from nginx's cache`).toBe(false);
      expect(response.headers()["cache-control"] ?? "private", path).toMatch(/private|no-store/);
    }
    // The home page others got from nginx's cache offers Sign In; the signed-in operator's does not.
    await page.goto(`${proxyUrl}/`);
    await expect(page.locator("main#main")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveCount(0);
    expect(await (await visitor.get(`${proxyUrl}/`)).text()).toContain("Sign In");
  } finally {
    await visitor.dispose();
    await shopper.dispose();
    nginx?.stop();
    await Promise.all(instances.map(stop));
    await operator.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
