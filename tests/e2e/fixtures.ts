import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** The shop as a shopper sees it: visiting pages and the chrome every page shares. */
export interface Shop {
  page: Page;
  /** Whether this project runs with JavaScript (`js`) or without it (`no-js`). */
  javaScriptEnabled: boolean;
  /** Opens `path` and checks the server answered it successfully (`status` to expect another, such as 404). */
  visit(path: string, options?: { status?: number }): Promise<void>;
  topBar: Locator;
  header: Locator;
  mainNav: Locator;
  footer: Locator;
  main: Locator;
  currencyToggle: Locator;
  /** Picks a display currency in the top-bar picker (a form post, so it works in both projects). */
  chooseCurrency(code: string): Promise<void>;
}

export const test = base.extend<{ shop: Shop }>({
  shop: async ({ page, javaScriptEnabled }, use) => {
    const topBar = page.locator(".top-bar");
    const currencyToggle = topBar.locator(".currency-picker summary");
    await use({
      page,
      javaScriptEnabled,
      async visit(path, options = {}) {
        const response = await page.goto(path);
        expect(response, `no response for ${path}`).not.toBeNull();
        expect(response?.status(), `status of ${path}`).toBe(options.status ?? 200);
      },
      topBar,
      header: page.locator("header.site-header"),
      mainNav: page.getByRole("navigation", { name: "Main" }),
      footer: page.locator("footer.site-footer"),
      main: page.locator("main#main"),
      currencyToggle,
      async chooseCurrency(code) {
        await currencyToggle.click();
        const option = topBar.getByRole("button", { name: new RegExp(`^${code}\\b`) });
        await expect(option).toBeVisible();
        await Promise.all([page.waitForURL((url) => url.pathname !== "/currency"), option.click()]);
        await expect(currencyToggle).toContainText(code);
      },
    });
  },
});

export { expect };
