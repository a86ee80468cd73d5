import { MSG } from "#contract/messages.ts";
import { expect, holdScripts, hydrated, test } from "./fixtures.ts";

const SEARCH_WORD = "abaya";

/**
 * A shopper who ticks a filter, picks a sort and types a search while the page's scripts are still on their way
 * (a slow phone) keeps every choice: without JavaScript Apply submits them as a GET form; with it the page's
 * scripts are held back until all three are made, and hydration applies them.
 */
test("filters, sort and search chosen before hydration survive it and apply", async ({ shop, page, request }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto("/products", { waitUntil: "domcontentloaded" });

  const inStock = page.locator(".filter-panel").getByRole("checkbox", { name: "In Stock" });
  const sort = page.getByLabel(MSG.catalogue.sortBy);
  const search = page.getByRole("searchbox", { name: MSG.catalogue.searchPlaceholder });
  await inStock.check();
  await sort.selectOption("price_low_high");
  await search.fill(SEARCH_WORD);

  if (shop.javaScriptEnabled) {
    releaseScripts();
    await hydrated(page);
  } else {
    await page.locator(".listing-toolbar").getByRole("button", { name: MSG.catalogue.applyFilters }).click();
  }

  await expect(page).toHaveURL(`/products?search=${SEARCH_WORD}&stock_status=In+Stock&sort=price_low_high`);
  await expect(inStock).toBeChecked();
  await expect(sort).toHaveValue("price_low_high");
  await expect(search).toHaveValue(SEARCH_WORD);
  await expect(
    page.locator(".filter-panel").getByRole("link", { name: MSG.catalogue.removeFilter("In Stock"), exact: true }),
  ).toBeVisible();
  const results = page.getByRole("region", { name: "Products" });
  const cards = results.getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expect(results.getByText(MSG.catalogue.outOfStock)).toHaveCount(0);
  const names = await results.locator(".product-card__name").allInnerTexts();
  const expected = await request.get(
    `/api/public/products?search=${SEARCH_WORD}&stock_status=In+Stock&sort=price_low_high&limit=${names.length}`,
  );
  const products: { name: string }[] = (await expected.json()).data;
  expect(names.map((name) => name.toLowerCase())).toEqual(products.map((product) => product.name.toLowerCase()));
});

test("a quantity typed on a product page before hydration stays", async ({ shop, page }) => {
  await shop.visit("/products?stock_status=In+Stock");
  const product = (await page.locator(".product-card__name a").first().getAttribute("href")) ?? "";
  const releaseScripts = await holdScripts(page);
  await page.goto(product, { waitUntil: "domcontentloaded" });
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await quantity.fill("2");
  if (shop.javaScriptEnabled) {
    releaseScripts();
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeVisible();
  }
  await expect(quantity).toHaveValue("2");
});
