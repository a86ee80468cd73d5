import { MSG } from "#contract/messages.ts";
import { expect, test } from "./fixtures.ts";
import { bestStocked, productFor } from "./order-helpers.ts";

/** The product page's route in React Router's manifest (app/routes.ts). */
const PRODUCT_ROUTE = "routes/product.$id";

/**
 * With JavaScript, a tap on a product loads the product page's script and the scripts it imports at once (React
 * Router imports only the route's own; app/lib/route-imports-preload.ts preloads the rest), and adding to the
 * cart there reads again only what a cart changes: the header's count, not the product.
 */
test("a client navigation fetches the route's imports with its script, and a cart change refetches only the header", async ({
  shop,
  page,
  request,
}) => {
  const product = await productFor(request, 11);
  const variant = bestStocked(product);
  await shop.visit(`/products?search=${encodeURIComponent(product.name)}`);
  const loadedScripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));

  await shop.main.getByRole("heading", { name: product.name }).getByRole("link").click();
  await expect(page).toHaveURL(`/product/${product.token}`);
  await expect(shop.main.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  const imports = await page.evaluate((id) => window.__reactRouterManifest?.routes[id]?.imports ?? [], PRODUCT_ROUTE);
  const fetchedLater = imports.filter((href) => !loadedScripts.includes(href));
  expect(fetchedLater.length, "the product page imports a script the listing did not load").toBeGreaterThan(0);
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  expect(preloaded).toEqual(expect.arrayContaining(fetchedLater));

  await shop.main.getByRole("link", { name: variant.color_name, exact: true }).click();
  await shop.main.getByRole("link", { name: variant.size, exact: true }).click();
  await expect(shop.main.getByRole("link", { name: variant.size, exact: true })).toHaveAttribute("aria-current", "true");
  const revalidation = page.waitForRequest((sent) => sent.method() === "GET" && new URL(sent.url()).pathname.endsWith(".data"));
  await shop.main.getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
  expect(new URL((await revalidation).url()).searchParams.get("_routes")).toBe("root");
  await expect(page.getByText(`${product.name} ${MSG.cart.addedSuffix}`)).toBeVisible();
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
});

/**
 * On a client navigation the next page's sheets arrive before the page shows (React Router loads a route's
 * stylesheet links before it renders the route): held back until the page's data and script have arrived, the
 * listing's sheet has still been fetched when the listing first appears.
 */
test("a client navigation shows the next page only once its sheets have loaded", async ({ shop, page }) => {
  await shop.visit("/");
  const listingModule = await page.evaluate(() => window.__reactRouterManifest?.routes["routes/products"]?.module ?? "");
  expect(listingModule).not.toBe("");
  let releaseSheet = () => {};
  const sheetHeld = new Promise<void>((release) => {
    releaseSheet = release;
  });
  const sheetAsked = page.waitForRequest(/\/assets\/listing-[\w-]+\.css$/);
  await page.route(/\/assets\/listing-[\w-]+\.css$/, async (route) => {
    await sheetHeld;
    await route.continue();
  });
  // When the listing first appears: whether its sheet had been fetched by then.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(".listing")) return;
      observer.disconnect();
      const sheet = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
        /\/assets\/listing-[\w-]+\.css$/.test(entry.name),
      );
      document.documentElement.dataset.listingSheetAtRender = String(Boolean(sheet && sheet.responseEnd > 0));
    }).observe(document.body, { childList: true, subtree: true });
  });
  const dataAndScript = Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/products.data"),
    page.waitForResponse((response) => new URL(response.url()).pathname === listingModule),
  ]);
  await page.locator('a[href="/products"]:visible').first().click();
  await Promise.all([dataAndScript, sheetAsked]);
  await expect(page).toHaveURL("/");
  releaseSheet();
  await expect(page).toHaveURL("/products");
  await expect(page.locator("html")).toHaveAttribute("data-listing-sheet-at-render", "true");
});
