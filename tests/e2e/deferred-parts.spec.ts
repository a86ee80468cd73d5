import type { Page } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The chunks of the parts whose code loads on first use (decision 0018). The hero, the share button and the
 * quantity stepper load when seen, so they are not among them.
 */
const ON_USE =
  /\/assets\/(mobile-menu|profile-slider|site-footer|value-strip|navigation-overlay|newsletter-form|reviews-block|filter-panel|home-carousels)-[\w-]+\.js$/;

/** The on-use parts whose code the page has requested so far, by name. */
function partsRequested(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    const name = ON_USE.exec(new URL(request.url()).pathname)?.[1];
    if (name) names.push(name);
  });
  return names;
}

test.describe("parts whose code loads on first use, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a first visit loads none until the shopper uses one; a footer link then navigates", async ({ shop, page, javaScriptEnabled }) => {
    const requested = partsRequested(page);
    await shop.visit("/");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    // The server's HTML holds them all.
    await expect(shop.footer.getByRole("link", { name: "About Us" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our standards" })).toBeAttached();
    await expect(page.getByLabel("E-mail address")).toBeAttached();
    await expect(page.getByRole("region", { name: "Reasons to choose us" })).toBeAttached();

    const link = shop.footer.getByRole("link", { name: "About Us" });
    const footerCode = javaScriptEnabled ? page.waitForRequest(/\/assets\/site-footer-/) : null;
    await link.focus();
    await footerCode;
    await link.click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(shop.footer).toBeVisible();
  });

  test("a navigation before any part's code has arrived keeps every part on screen", async ({ shop, page, javaScriptEnabled }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(ON_USE, async (route) => {
      await held;
      await route.continue();
    });
    await shop.visit("/");
    await page.waitForLoadState("networkidle");
    const footerCode = javaScriptEnabled ? page.waitForRequest(/\/assets\/site-footer-/) : null;
    await shop.header.getByRole("link", { name: /^Cart/ }).click();
    if (javaScriptEnabled) {
      // The navigation asks for every part's code and waits for it: the page shown keeps its parts meanwhile.
      await footerCode;
      await expect(shop.footer).toBeVisible();
      await expect(page.getByRole("region", { name: "Our standards" })).toBeVisible();
    }
    release();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(shop.footer).toBeVisible();
    await expect(page.getByRole("region", { name: "Our standards" })).toBeVisible();
  });

  test("the newsletter field loads its form's code when focused, and the form then checks the address itself", async ({
    shop,
    page,
    javaScriptEnabled,
  }) => {
    await shop.visit("/");
    const email = page.getByLabel("E-mail address");
    const formCode = javaScriptEnabled ? page.waitForResponse(/\/assets\/newsletter-form-/) : null;
    await email.focus();
    await formCode;
    // Enhanced, the form takes over the browser's own check (novalidate) and shows the shop's message.
    if (javaScriptEnabled) await expect(page.locator("form.newsletter__form")).toHaveAttribute("novalidate");
    await email.fill("not-an-address");
    await page.getByRole("button", { name: MSG.catalogue.subscribe }).click();
    if (javaScriptEnabled) await expect(page.locator("form.newsletter__form").getByRole("alert")).toHaveText(MSG.subscribe.invalidEmail);
    else await expect(email).toHaveJSProperty("validity.valid", false);
    await expect(page).toHaveURL("/");
  });

  test("the folded filter panel loads its code when opened, stays open, and a ticked size applies", async ({
    shop,
    page,
    javaScriptEnabled,
  }) => {
    const requested = partsRequested(page);
    await shop.visit("/products");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    const panel = page.locator("details.filter-panel");
    const panelCode = javaScriptEnabled ? page.waitForResponse(/\/assets\/filter-panel-/) : null;
    await panel.locator("summary").click();
    await panelCode;
    await expect(panel).toHaveAttribute("open");
    // Enhanced, a change applies by itself and the Apply button goes away.
    if (javaScriptEnabled) await expect(panel.getByRole("button", { name: MSG.catalogue.applyFilters })).toHaveCount(0);
    await panel.locator(".size-check", { hasText: /^M$/ }).click();
    if (!javaScriptEnabled) await panel.getByRole("button", { name: MSG.catalogue.applyFilters }).click();
    await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  });
});

test.describe("parts whose code loads when seen", () => {
  test("a product page shows its share button with JavaScript only", async ({ shop, page, javaScriptEnabled }) => {
    await shop.visit("/products");
    const product = await page.locator(".product-card a").first().getAttribute("href");
    await shop.visit(product ?? "/products");
    await expect(page.locator(".gallery").getByRole("button", { name: MSG.catalogue.share })).toHaveCount(javaScriptEnabled ? 1 : 0);
  });
});
