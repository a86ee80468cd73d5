import { SUPPORTED_CURRENCIES } from "#app/features/currency/currency.ts";
import { MSG } from "#contract/messages.ts";
import { expect, holdScripts, test } from "./fixtures.ts";
import { E2E_RATES } from "./shop-data.ts";

/** Selling prices (a struck-through original price also carries hidden words for screen readers). */
const SELLING_PRICE = ".price:not(.price--original)";

/** "£149.00" → 149 */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test.describe("display currency", () => {
  test("switching to USD converts prices and persists across pages", async ({ shop, page }) => {
    await shop.visit("/products");
    const firstPrice = shop.main.locator(SELLING_PRICE).first();
    await expect(firstPrice).toHaveText(/^£\d+\.\d{2}$/);
    const gbp = amountOf((await firstPrice.textContent()) ?? "");

    await shop.chooseCurrency("USD");
    await expect(page).toHaveURL("/products");
    await expect(firstPrice).toHaveText(`$${(Math.round(gbp * E2E_RATES.USD * 100) / 100).toFixed(2)}`);
    for (const text of await shop.main.locator(SELLING_PRICE).allInnerTexts()) expect(text).toMatch(/^\$\d+\.\d{2}$/);
    for (const text of await shop.main.locator(".price").allInnerTexts()) expect(text).not.toContain("£");

    await shop.header.locator("a.cart-link").click();
    await expect(page).toHaveURL("/cart");
    await expect(shop.currencySelect).toHaveValue("USD");
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^\$\d+\.\d{2}$/);

    await shop.visit("/");
    await expect(shop.currencySelect).toHaveValue("USD");
  });

  test("a currency chosen before the page's scripts have run is applied", async ({ shop, page }) => {
    // The page's scripts held back: the choice comes before hydration.
    const releaseScripts = await holdScripts(page);
    await page.goto("/products", { waitUntil: "domcontentloaded" });
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/currency"),
    );
    await shop.currencySelect.selectOption("USD");
    if (shop.javaScriptEnabled) releaseScripts();
    else await shop.topBar.getByRole("button", { name: MSG.pricing.applyCurrency }).click();
    await saved;
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(shop.currencySelect).toHaveValue("USD");
  });

  test("while a new currency is on its way the prices shown are marked as updating, never passed off as the new one's", async ({
    shop,
    page,
  }) => {
    await shop.visit("/products");
    const price = shop.main.locator(SELLING_PRICE).first();
    await expect(price).toHaveText(/^£/);
    // A slow phone: the choice's answer is held until the test has looked.
    const answer = Promise.withResolvers<void>();
    await page.route(/\/currency(\.data)?$/, async (route) => {
      await answer.promise;
      await route.continue();
    });
    await shop.currencySelect.selectOption("USD");
    if (shop.javaScriptEnabled) {
      await expect(shop.currencySelect).toHaveValue("USD");
      await expect(price).toHaveText(/^£/);
      await expect(shop.main).toHaveAttribute("aria-busy", "true");
      await expect(price).toHaveCSS("opacity", "0.3");
    } else {
      await shop.topBar.getByRole("button", { name: MSG.pricing.applyCurrency }).click({ noWaitAfter: true });
    }
    answer.resolve();
    await expect(price).toHaveText(/^\$/);
    await expect(shop.currencySelect).toHaveValue("USD");
    await expect(shop.main).not.toHaveAttribute("aria-busy");
    await expect(price).toHaveCSS("opacity", "1");
  });

  test("the picker offers every currency, shows the current one, and switching back restores pounds", async ({ shop }) => {
    await shop.visit("/products");
    await expect(shop.currencySelect.locator("option")).toHaveCount(SUPPORTED_CURRENCIES.length);
    await shop.chooseCurrency("USD");
    await shop.visit("/products");
    await expect(shop.currencySelect).toHaveValue("USD");

    await shop.chooseCurrency("GBP");
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^£\d+\.\d{2}$/);
  });
});
