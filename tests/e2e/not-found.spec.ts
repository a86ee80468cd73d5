import { MSG } from "#contract/messages.ts";
import { expect, test } from "./fixtures.ts";

test.describe("404", () => {
  for (const path of ["/no-such-page", "/not-found", "/deep/unknown/path?x=1"]) {
    test(`${path} answers the 404 page with status 404`, async ({ shop, page }) => {
      await shop.visit(path, { status: 404 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${MSG.notFound.code} ${MSG.notFound.title}`);
      await expect(shop.main).toContainText(MSG.notFound.message);
      const suggestions = page.getByRole("navigation", { name: "Suggested pages" });
      for (const [name, href] of [
        ["Products", "/products"],
        ["About", "/about"],
        ["Contact", "/contact"],
      ]) {
        await expect(suggestions.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(shop.header).toBeVisible();
      await expect(shop.footer).toBeVisible();
    });
  }

  test("Go Back Home leads home", async ({ shop, page }) => {
    await shop.visit("/no-such-page", { status: 404 });
    await shop.main.getByRole("link", { name: MSG.notFound.home }).click();
    await expect(page).toHaveURL("/");
  });
});
