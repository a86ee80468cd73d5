import { SHOP_IMAGES } from "#contract/constants.ts";
import { expect, test } from "./fixtures.ts";

/** Every picture of `selector` scrolled into view has loaded: artwork, not an icon on a panel. */
async function picturesLoaded(page: import("@playwright/test").Page, selector: string) {
  const pictures = page.locator(selector);
  expect(await pictures.count()).toBeGreaterThan(0);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
}

test("the flagship store, the children's line and the directors are pictured", async ({ shop, page }) => {
  await shop.visit("/");
  await expect(page.locator(".flagship img")).toHaveAttribute("src", SHOP_IMAGES.flagship);
  await picturesLoaded(page, ".flagship img");

  await shop.visit("/about");
  await expect(page.locator(".person img")).toHaveCount(2);
  await picturesLoaded(page, "main .feature-split img, main .person img");
});
