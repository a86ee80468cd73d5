import { TOP_BAR_MESSAGES } from "#app/lib/constants.ts";
import { INFORMATION_LINKS, MAIN_NAV } from "#app/ui/layout/navigation.ts";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, holdScripts, hydrated, test } from "./fixtures.ts";
import { bestStocked, productFor } from "./order-helpers.ts";

test.describe("site chrome", () => {
  test("the top bar carries the three promotional messages, the demo's live 10% first-purchase code in the spec's words, and the currency picker", async ({
    shop,
  }) => {
    await shop.visit("/");
    await expect(shop.topBar.locator(".top-bar__message")).toHaveText([
      TOP_BAR_MESSAGES.arrivals,
      TOP_BAR_MESSAGES.delivery,
      "SAVE 10% ON YOUR FIRST PURCHASE - JOIN OUR COMMUNITY TODAY",
    ]);
    await expect(shop.currencyPicker).toHaveText(`${MSG.pricing.displayCurrency}: GBP £`);
  });

  for (const link of MAIN_NAV) {
    test(`header link ${link.label} opens ${link.to}`, async ({ shop, page }) => {
      await shop.visit("/");
      await shop.mainNav.getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.to);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: MSG.notFound.title })).toHaveCount(0);
    });
  }

  test("a toast covers none of the header's icons, at 1440 and 390 px, at the top of the page and scrolled", async ({
    shop,
    page,
    request,
    inbox,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "toast-place");
    await createVerifiedAccount(request, inbox, email);
    const icons = shop.header.locator(".site-header__end").getByRole("link").or(shop.header.locator(".site-header__end button"));
    const toast = (text: string) => page.locator(".toast, .toast-static__item").filter({ hasText: text });
    const expectClearOfIcons = async (text: string, where: string) => {
      const box = await toast(text).boundingBox();
      expect(box, `the toast ${where}`).not.toBeNull();
      for (const icon of await icons.all()) {
        const other = await icon.boundingBox();
        if (!box || !other || other.width === 0) continue;
        const overlaps =
          box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
        expect(overlaps, `the toast ${where} over ${await icon.getAttribute("aria-label")}`).toBe(false);
      }
    };
    // The toasts stay while the test measures them: the page's clock stops a second on (well within a toast's 3 s,
    // and far enough ahead to be still to come however slowly the test runs).
    if (shop.javaScriptEnabled) await page.clock.install();
    const holdToasts = async () => {
      if (shop.javaScriptEnabled) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    };

    await page.setViewportSize({ width: 1440, height: 900 });
    await shop.visit("/signin");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL("/", { timeout: SIGN_IN_MS });
    await expect(toast(MSG.auth.welcomeBack)).toBeVisible();
    await holdToasts();
    await expect(shop.header.getByRole("link", { name: "Wishlist" })).toBeVisible();
    await expectClearOfIcons(MSG.auth.welcomeBack, "at 1440 px");

    await page.setViewportSize({ width: 390, height: 844 });
    if (shop.javaScriptEnabled) await page.clock.resume();
    await page.getByLabel("E-mail address").fill(uniqueEmail(testInfo, "toast-place-news"));
    await page.getByRole("button", { name: MSG.catalogue.subscribe }).click();
    await expect(toast(MSG.subscribe.subscribed)).toBeVisible();
    await holdToasts();
    await expectClearOfIcons(MSG.subscribe.subscribed, "at 390 px");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectClearOfIcons(MSG.subscribe.subscribed, "at 390 px at the top of the page");
  });

  test("the search icon lands in the listing's search box, focused, also when the listing is already open", async ({ shop, page }) => {
    const searchBox = page.getByRole("searchbox", { name: MSG.catalogue.searchPlaceholder });
    await shop.visit("/about");
    await shop.header.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/products?focus=search");
    await expect(searchBox).toBeFocused();
    await searchBox.blur();
    await expect(searchBox).not.toBeFocused();
    await shop.header.getByRole("link", { name: "Search", exact: true }).click();
    await expect(searchBox).toBeFocused();
    await searchBox.fill("abaya");
    await searchBox.press("Enter");
    await expect(page).toHaveURL("/products?search=abaya");
  });

  test("the logo leads home", async ({ shop, page }) => {
    await shop.visit("/about");
    await shop.header.locator(".site-logo").click();
    await expect(page).toHaveURL("/");
  });

  test("every footer link answers a page", async ({ shop, page }) => {
    await shop.visit("/");
    const information = shop.footer.getByRole("navigation", { name: "Information" });
    for (const link of INFORMATION_LINKS) {
      await expect(information.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }
    const hrefs = await shop.footer.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(INFORMATION_LINKS.length);
    for (const href of new Set(hrefs)) {
      const response = await page.request.get(href);
      expect(response.status(), `footer link ${href}`).toBe(200);
    }
  });

  test("a footer link opens its page, on the client when JavaScript runs, and the page hydrates without an error", async ({
    shop,
    page,
    javaScriptEnabled,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await shop.visit("/products");
    if (javaScriptEnabled) {
      // The root's click listener comes with its hydration: React marks each node it hydrates, effects follow in the next frames.
      await expect.poll(() => shop.main.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    const documentLoads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentLoads.push(request.url());
    });
    await shop.footer.getByRole("navigation", { name: "Information" }).getByRole("link", { name: "Need Support" }).click();
    await expect(page).toHaveURL("/need-support");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documentLoads).toHaveLength(javaScriptEnabled ? 0 : 1);
    expect(errors).toEqual([]);
  });

  test("a signed-out shopper sees Sign In and Sign Up", async ({ shop, page }) => {
    await shop.visit("/");
    await expect(shop.header.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/signin");
    const signUp = shop.header.getByRole("link", { name: "Sign Up", exact: true });
    await expect(signUp).toHaveAttribute("href", "/signup");
    await signUp.click();
    await expect(page).toHaveURL("/signup");
  });

  test("the cart link shows how many items the cart holds", async ({ shop, page, request }, testInfo) => {
    await shop.visit("/");
    const cart = shop.header.locator("a.cart-link");
    await expect(cart).toHaveAttribute("href", "/cart");
    await expect(cart).toHaveAccessibleName("Cart, empty");
    await expect(cart.locator(".count-badge")).toHaveCount(0);

    const product = await productFor(request, testInfo.project.name === "js" ? 20 : 21, 2);
    const variant = bestStocked(product);
    const added = await page.request.post("/cart", {
      form: { intent: "add", productId: String(product.id), variantId: String(variant.id), quantity: "2", redirectTo: "/" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(added.ok()).toBe(true);

    await shop.visit("/about");
    await expect(cart).toHaveAccessibleName("Cart, 2 items");
    await expect(cart.locator(".count-badge")).toHaveText("2");
  });
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens with the navigation, locks page scroll and hides the top bar, then closes", async ({ shop, page }) => {
    await shop.visit("/");
    const toggle = shop.header.locator(".mobile-menu > summary");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(shop.mainNav).toBeHidden();
    await expect(menu).toBeHidden();
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflowY);
    expect(await bodyOverflow()).not.toBe("hidden");

    await toggle.click();
    await expect(menu).toBeVisible();
    for (const link of MAIN_NAV) await expect(menu.getByRole("link", { name: link.label, exact: true })).toBeVisible();
    await expect(page.locator(".mobile-menu").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    expect(await bodyOverflow()).toBe("hidden");
    await expect(shop.topBar).toBeHidden();

    // Open, the toggle is also the backdrop beside the panel: a click there closes the menu.
    const viewport = page.viewportSize() ?? { width: 390, height: 844 };
    await toggle.click({ position: { x: viewport.width - 10, y: viewport.height / 2 } });
    await expect(menu).toBeHidden();
    expect(await bodyOverflow()).not.toBe("hidden");
  });

  test("a menu opened before the page has hydrated stays open, and a menu link navigates", async ({ shop, page, javaScriptEnabled }) => {
    // The page's scripts held back until the shopper has opened the plain <details>.
    const releaseScripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await shop.header.locator(".mobile-menu > summary").click();
    await expect(menu).toBeVisible();

    if (javaScriptEnabled) {
      releaseScripts();
      await hydrated(page);
      await expect(menu).toBeVisible();
    }

    await menu.getByRole("link", { name: "ABOUT US" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});

test.describe("small-screen details at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the top bar's message has the width of the bar beside the currency picker", async ({ shop }) => {
    await shop.visit("/");
    const message = shop.topBar.locator(".top-bar__messages");
    const box = await message.boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    // Two lines at most: not a column of single words.
    const lineHeight = await message.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    expect(box?.height).toBeLessThanOrEqual(2 * lineHeight + 1);
  });

  test("phone numbers never break, and the help search shows its whole placeholder", async ({ shop, page }) => {
    await shop.visit("/need-support");
    for (const phone of await page.locator('a[href^="tel:"]').all()) await expect(phone).toHaveCSS("white-space", "nowrap");
    const search = page.locator("#help-search");
    const fits = await search.evaluate((input: HTMLInputElement) => {
      input.value = input.placeholder;
      return input.scrollWidth <= input.clientWidth;
    });
    expect(fits).toBe(true);
  });
});
