import { PRODUCT_ACCORDIONS } from "#app/content/product.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import { expect, type Shop, test } from "./fixtures.ts";

/** Applies the listing form: with JavaScript changes apply by themselves, without it Apply submits them. */
async function applyListing(shop: Shop, applyIn: "toolbar" | "filters") {
  if (shop.javaScriptEnabled) return;
  const scope = applyIn === "toolbar" ? shop.page.locator(".listing-toolbar") : shop.page.locator(".filter-panel");
  await scope.getByRole("button", { name: MSG.catalogue.applyFilters }).click();
}

const params = (shop: Shop) => new URL(shop.page.url()).searchParams;

test.describe("catalogue", () => {
  test("home → category → size and price filters → sort, each change back on page 1", async ({ shop, page }) => {
    test.slow();
    await shop.visit("/");
    const teaser = page.locator(".category-teaser a").first();
    const categoryName = ((await teaser.textContent()) ?? "").trim();
    await teaser.click();
    await expect(page).toHaveURL(/\/products\?category=/);
    const category = params(shop).get("category") ?? "";
    expect(category.toUpperCase()).toBe(categoryName);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category);
    await expect(page.locator(".listing__count")).toHaveText(/^Showing \d+ of \d+ products$/);

    await page.locator(".size-check", { hasText: /^M$/ }).click();
    await applyListing(shop, "filters");
    await expect(page).toHaveURL(/[?&]size=M(&|$)/);
    expect(params(shop).get("category")).toBe(category);

    await page.getByRole("link", { name: "£50-£100" }).click();
    await expect(page).toHaveURL(/min_price=50&max_price=100/);
    await expect(page.getByRole("link", { name: MSG.catalogue.removeFilter("£50-£100") })).toBeVisible();

    await page.getByLabel(MSG.catalogue.sortBy).selectOption("price_low_high");
    await applyListing(shop, "toolbar");
    await expect(page).toHaveURL(/sort=price_low_high/);
    const search = params(shop);
    expect([search.get("category"), search.get("size"), search.get("min_price"), search.get("page")]).toEqual([category, "M", "50", null]);

    // With JavaScript the address changes as the navigation commits and React draws the new list just after it.
    const amountsShown = async () =>
      (await page.locator(".product-card__price .price:not(.price--original)").allInnerTexts()).map((text) =>
        Number(text.replace(/[^0-9.]/g, "")),
      );
    await expect
      .poll(async () => {
        const amounts = await amountsShown();
        return amounts.length > 0 && amounts.every((amount, index) => index === 0 || amounts[index - 1] <= amount);
      })
      .toBe(true);
    for (const amount of await amountsShown()) expect(amount).toBeGreaterThanOrEqual(50);

    await page.getByRole("link", { name: MSG.catalogue.removeFilter("M"), exact: true }).click();
    await expect(page).not.toHaveURL(/size=/);
    await page.getByRole("link", { name: MSG.catalogue.clearAll }).click();
    await expect(page).toHaveURL("/products?sort=price_low_high");
  });

  test("page 2, then a search goes back to page 1; no results shows the empty state", async ({ shop, page }) => {
    await shop.visit("/products");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: MSG.catalogue.next }).click();
    await expect(page).toHaveURL("/products?page=2");
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
    await expect(page.locator(".product-grid > li")).toHaveCount(12);

    const searchBox = page.getByRole("searchbox", { name: MSG.catalogue.searchPlaceholder });
    await searchBox.fill("zzzz-nothing-matches");
    if (!shop.javaScriptEnabled) await searchBox.press("Enter");
    await expect(page).toHaveURL("/products?search=zzzz-nothing-matches");
    await expect(page.getByText(MSG.catalogue.noProducts)).toBeVisible();
    await expect(page.getByText(MSG.catalogue.noProductsHint)).toBeVisible();
    await expect(pagination).toHaveCount(0);

    await page.getByRole("link", { name: MSG.catalogue.clearSearch }).click();
    await expect(page).toHaveURL("/products");
  });

  test("bad listing parameters are dropped, never an error", async ({ shop, page }) => {
    await shop.visit("/products?size=XXXL&sort=nope&page=-3&min_price=abc&search=");
    await expect(page).toHaveURL("/products");
    await expect(page.locator(".product-grid > li").first()).toBeVisible();
  });

  test("a product opens by token and colour, size and fit live in the URL", async ({ shop, page }) => {
    await shop.visit("/products");
    const firstName = page.locator(".product-card__name a").first();
    const name = ((await firstName.textContent()) ?? "").trim();
    await firstName.click();
    await expect(page).toHaveURL(/\/product\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const token = new URL(page.url()).pathname.split("/").pop();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${token}$`));
    await expect(page.locator(".product-info__stock")).toHaveText(/^Stock: \d+ available$/);

    const swatches = page.locator(".swatch");
    const lastSwatch = swatches.last();
    const colour = (await lastSwatch.getAttribute("title")) ?? "";
    await lastSwatch.click();
    await expect.poll(() => params(shop).get("color")).toBe(colour);
    await expect(lastSwatch).toHaveAttribute("aria-current", "true");

    const size = page.locator("a.size-button:not([aria-current])").first();
    if ((await size.count()) > 0) {
      const sizeLabel = ((await size.textContent()) ?? "").trim();
      await size.click();
      await expect.poll(() => params(shop).get("size")).toBe(sizeLabel);
      await expect(page.locator(".variant-group__label", { hasText: "Size:" })).toContainText(sizeLabel);
    }
    const fit = page.locator(".variant-picker fieldset", { hasText: "Fit:" }).locator("a.size-button:not([aria-current])").first();
    if ((await fit.count()) > 0) {
      const fitLabel = ((await fit.textContent()) ?? "").trim();
      await fit.click();
      await expect.poll(() => params(shop).get("fit")).toBe(fitLabel);
    }
    expect(params(shop).get("color")).toBe(colour);

    const quantity = page.locator("#detail-quantity");
    await expect(quantity).toHaveValue("1");
    const form = page.locator("form.add-to-cart");
    await expect(form).toHaveAttribute("action", "/cart");
    await expect(form.locator('input[name="source"]')).toHaveValue("detail");
    await expect(form.locator('input[name="color"]')).toHaveValue(colour);
  });

  test("the gallery moves with links and wraps around", async ({ shop, page }) => {
    await shop.visit("/products");
    await page.locator(".product-card__name a").first().click();
    const position = page.locator(".gallery__position");
    if ((await position.count()) === 0) return;
    const total = Number(((await position.textContent()) ?? "").split("/")[1]);
    await page.getByRole("link", { name: "Previous image" }).click();
    await expect(position).toHaveText(`${total} / ${total}`);
    await page.getByRole("link", { name: "Next image" }).click();
    await expect(position).toHaveText(`1 / ${total}`);
  });

  test("a bad product id lands on /not-found; a missing product says so with 404", async ({ shop, page }) => {
    await page.goto("/product/not-a-token!");
    await expect(page).toHaveURL("/not-found");
    await shop.visit("/product/999999", { status: 404 });
    await expect(page.getByText(MSG.catalogue.productNotFound).first()).toBeVisible();
  });

  test("all categories link to the listing", async ({ shop, page }) => {
    await shop.visit("/categories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MSG.catalogue.allCategoriesHeading);
    const card = page.locator(".category-card").first();
    const name = ((await card.locator(".category-card__name").textContent()) ?? "").trim();
    await card.click();
    await expect(page).toHaveURL(/\/products\?category=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("all categories sit two to a row on a phone, inside the screen", async ({ shop, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await shop.visit("/categories");
    const cards = page.locator(".category-card");
    const [first, second, third] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox(), await cards.nth(2).boundingBox()];
    if (!first || !second || !third) throw new Error("fewer than three categories");
    expect(second.y, "the second card beside the first").toBe(first.y);
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.width);
    expect(second.x + second.width).toBeLessThanOrEqual(390);
    expect(third.y, "the third card on the next row").toBeGreaterThan(first.y + first.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("robots.txt names the sitemap, which lists products by token", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toMatch(/<loc>http[^<]+\/product\/[A-Za-z0-9_-]+<\/loc>/);
  });

  test("the listing's and a product's page data carry what the page shows, while the documents keep their meta and JSON-LD", async ({
    request,
  }) => {
    const listing = await (await request.get("/api/public/products?limit=1")).json();
    const product = listing.data[0] as { token: string; name: string };
    for (const path of ["/products", `/product/${product.token}`]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<script type="application/ld+json">');
      expect(html, path).toMatch(/<link rel="canonical" href="http[^"]+"\/>/);
      expect(html, path).toContain('<meta property="og:title"');
      // React Router's hydration data: the scripts that fill window.__reactRouterContext.
      const pageData = (html.match(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g) ?? []).join("").replaceAll("\\u0026", "&");
      expect(pageData, path).toContain("loaderData");
      for (const absent of ["@context", "ld+json", "og:", "canonical", "twitter:", "option", SHOP.tagline, MSG.catalogue.allProducts]) {
        expect(pageData, `${path}: ${absent}`).not.toContain(absent);
      }
      for (const accordion of PRODUCT_ACCORDIONS) expect(pageData, path).not.toContain(accordion.title);
      // The first screen's pictures, for a client navigation to start before the page renders.
      expect(pageData, path).toContain("leadingImages");
    }
  });
});

test.describe("listing on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("with filters active the panel stays folded, the chips sit above the results and the pages wrap evenly", async ({ shop, page }) => {
    await shop.visit("/products?size=M&stock_status=In%20Stock");
    await expect(page.locator("details.filter-panel")).not.toHaveAttribute("open");
    const results = page.getByRole("region", { name: "Products" });
    await expect(results.getByRole("link", { name: MSG.catalogue.removeFilter("M"), exact: true })).toBeVisible();
    const firstCard = results.getByRole("article").first();
    const box = await firstCard.boundingBox();
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844 * 1.5);

    await shop.visit("/products?page=2");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    const previous = await pagination.getByText(MSG.catalogue.previous).boundingBox();
    const next = await pagination.getByText(MSG.catalogue.next).boundingBox();
    expect(previous).not.toBeNull();
    expect(previous?.y).toBe(next?.y);
  });

  test("the folded filter panel opens, stays open, and a ticked size applies", async ({ shop, page }) => {
    await shop.visit("/products");
    const panel = page.locator("details.filter-panel");
    await panel.locator("summary").click();
    await expect(panel).toHaveAttribute("open");
    // Hydrated, a change applies by itself and the Apply button goes away.
    if (shop.javaScriptEnabled) await expect(panel.getByRole("button", { name: MSG.catalogue.applyFilters })).toHaveCount(0);
    await panel.locator(".size-check", { hasText: /^M$/ }).click();
    if (!shop.javaScriptEnabled) await panel.getByRole("button", { name: MSG.catalogue.applyFilters }).click();
    await expect(page).toHaveURL(/[?&]size=M(&|$)/);
    if (!shop.javaScriptEnabled) return;

    // The tick applied under the open panel: the panel says what it found, and its button shows the results
    // (the count is read again until the page has rendered the filtered listing).
    const showResults = async () => {
      const total = Number(/of (\d+) products/.exec((await page.locator(".listing__count").textContent()) ?? "")?.[1]);
      const show = panel.getByRole("button", { name: MSG.catalogue.showResults(total) });
      await expect(show).toBeVisible({ timeout: 1_000 });
      return show;
    };
    await expect(showResults).toPass();
    await (await showResults()).click();
    await expect(panel).not.toHaveAttribute("open");
    await expect(page.locator(".listing__count")).toBeInViewport();
    await expect(page.getByRole("region", { name: "Products" }).getByRole("article").first()).toBeInViewport();
  });

  test("a product page shows its share button with JavaScript only", async ({ shop, page }) => {
    await shop.visit("/products");
    const product = await page.locator(".product-card a").first().getAttribute("href");
    await shop.visit(product ?? "/products");
    await expect(page.locator(".gallery").getByRole("button", { name: MSG.catalogue.share })).toHaveCount(shop.javaScriptEnabled ? 1 : 0);
  });
});

/**
 * Back from a product lands where the shopper left the page, with JavaScript (React Router restores the scroll
 * position on a page it renders again) and without (the browser's own history). Anything that renders part of a
 * page later than the rest (content-visibility, lazy sections) must keep this.
 */
test.describe("back from a product", () => {
  const cases = [
    { page: "/", width: 1440, card: "[aria-labelledby=home-latest] .product-grid > li:nth-child(8)" },
    { page: "/products", width: 768, card: ".listing__results .product-grid > li:nth-child(11)" },
  ];
  for (const { page: path, width, card: cardSelector } of cases) {
    test(`lands where the shopper left ${path} at ${width} px`, async ({ shop, page }) => {
      await page.setViewportSize({ width, height: 844 });
      await shop.visit(path);
      const card = page.locator(cardSelector);
      const top = () => card.evaluate((element) => Math.round(element.getBoundingClientRect().top));
      await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 300));
      await expect.poll(top).toBe(300);
      const name = card.getByRole("heading").getByRole("link");
      await name.click();
      await expect(page).toHaveURL(/\/product\//);
      await expect(shop.main.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(path);
      // Within the few pixels a restored position may round to.
      await expect.poll(async () => Math.abs((await top()) - 300)).toBeLessThanOrEqual(4);
    });
  }
});
