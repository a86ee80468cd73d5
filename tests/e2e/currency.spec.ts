import { CURRENCY_PAGE } from "#app/content/currency.ts";
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
    await expect(shop.currencyPicker).toHaveText(`${MSG.pricing.displayCurrency}: USD $`);
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^\$\d+\.\d{2}$/);

    await shop.visit("/");
    await expect(shop.currencyPicker).toContainText("USD $");
  });

  test("before the page's scripts have run, the picker opens the currency page, whose choice comes back to the page", async ({
    shop,
    page,
  }) => {
    // The scripts held back: the picker is still the plain link the server wrote.
    const releaseScripts = await holdScripts(page);
    await page.goto("/products?sort=price_low_high", { waitUntil: "domcontentloaded" });
    await shop.currencyPicker.click();
    await expect(page).toHaveURL(`/currency?redirectTo=${encodeURIComponent("/products?sort=price_low_high")}`);
    await expect(page.getByRole("heading", { level: 1, name: CURRENCY_PAGE.title })).toBeVisible();
    await expect(shop.currencyChoice("GBP")).toHaveAttribute("aria-current", "true");
    await shop.currencyChoice("EUR").click();
    await expect(page).toHaveURL("/products?sort=price_low_high");
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^€\d+\.\d{2}$/);
    await expect(shop.currencyPicker).toContainText("EUR €");
    releaseScripts();
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
    await shop.currencyPicker.click();
    if (shop.javaScriptEnabled) {
      await shop.currencyChoice("USD").click();
      // The list closes at once; the prices stay the old currency's, marked as updating, until the new ones arrive.
      await expect(shop.currencyChoice("USD")).toHaveCount(0);
      await expect(price).toHaveText(/^£/);
      await expect(shop.main).toHaveAttribute("aria-busy", "true");
      await expect(price).toHaveCSS("opacity", "0.3");
    } else {
      await shop.currencyChoice("USD").click({ noWaitAfter: true });
    }
    answer.resolve();
    await expect(price).toHaveText(/^\$/);
    await expect(shop.currencyPicker).toContainText("USD $");
    await expect(shop.main).not.toHaveAttribute("aria-busy");
    await expect(price).toHaveCSS("opacity", "1");
  });

  test("the picker offers every currency with its name, marks the current one, and switching back restores pounds", async ({
    shop,
    page,
  }) => {
    await shop.visit("/products");
    await shop.currencyPicker.click();
    await expect(page.locator('button[name="currency"]')).toHaveCount(SUPPORTED_CURRENCIES.length);
    await expect(shop.currencyChoice("JPY")).toHaveText("JPY ¥Japanese Yen");
    await expect(page.locator('button[name="currency"][aria-current="true"]')).toHaveAttribute("value", "GBP");
    await shop.currencyChoice("USD").click();
    await expect(shop.currencyPicker).toContainText("USD $");

    await shop.visit("/products");
    await shop.currencyPicker.click();
    await expect(page.locator('button[name="currency"][aria-current="true"]')).toHaveAttribute("value", "USD");
    await shop.currencyChoice("GBP").click();
    await expect(shop.main.locator(SELLING_PRICE).first()).toHaveText(/^£\d+\.\d{2}$/);
  });

  test("no page carries the currency list: the picker loads it when opened, the currency page has it", async ({ shop, page, request }) => {
    for (const path of ["/", "/products", "/cart"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain("GBP £");
      expect(html, path).not.toContain("Japanese Yen");
    }
    const answers: Promise<{ type: string; text: string }>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (["document", "script", "fetch"].includes(type)) answers.push(response.text().then((text) => ({ type, text })));
    });
    await shop.visit("/products");
    const answersOfThePage = await Promise.all(answers);
    expect(answersOfThePage.some((answer) => answer.type === "script")).toBe(shop.javaScriptEnabled);
    for (const answer of answersOfThePage) expect(answer.text).not.toContain("Japanese Yen");

    await shop.currencyPicker.click();
    await expect(shop.currencyChoice("JPY")).toContainText("Japanese Yen");
    const listedBy = (await Promise.all(answers)).filter((answer) => answer.text.includes("Japanese Yen")).map((answer) => answer.type);
    expect(listedBy).toEqual([shop.javaScriptEnabled ? "fetch" : "document"]);
  });

  test("the picker's list closes on a press outside or on Escape; without JavaScript the picker is the currency page's link", async ({
    shop,
    page,
  }) => {
    await shop.visit("/cart");
    if (!shop.javaScriptEnabled) {
      await shop.currencyPicker.click();
      await expect(page).toHaveURL(`/currency?redirectTo=${encodeURIComponent("/cart")}`);
      await expect(page.getByRole("heading", { level: 1, name: CURRENCY_PAGE.title })).toBeVisible();
      return;
    }
    await shop.currencyPicker.click();
    await expect(shop.currencyPicker).toHaveAttribute("aria-expanded", "true");
    // The list opens at the currency in force, for the keyboard.
    await expect(shop.currencyChoice("GBP")).toBeFocused();
    await shop.main.click({ position: { x: 5, y: 5 } });
    await expect(shop.currencyChoice("GBP")).toHaveCount(0);
    await expect(shop.currencyPicker).toHaveAttribute("aria-expanded", "false");

    await shop.currencyPicker.click();
    await expect(shop.currencyChoice("GBP")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(shop.currencyChoice("GBP")).toHaveCount(0);
    await expect(shop.currencyPicker).toBeFocused();
    await expect(page).toHaveURL("/cart");

    // A click with a modifier is the link's: the currency page opens in a new tab, and no list here.
    const opened = page.context().waitForEvent("page");
    await shop.currencyPicker.click({ modifiers: ["ControlOrMeta"] });
    await expect(await opened).toHaveURL(`/currency?redirectTo=${encodeURIComponent("/cart")}`);
    await expect(shop.currencyChoice("GBP")).toHaveCount(0);
  });
});
