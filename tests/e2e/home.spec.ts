import { HERO_SLIDES } from "#app/content/home.ts";
import { expect, test } from "./fixtures.ts";

test.describe("home hero at 1440 px", () => {
  // Without autoplay the slide in view is the one the test chose.
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });

  test("the copy of every slide sits beside the artwork, never over it", async ({ shop, page }) => {
    await shop.visit("/");
    const slides = page.locator(".hero__slide");
    await expect(slides).toHaveCount(HERO_SLIDES.length);
    for (const slide of await slides.all()) {
      const copy = await slide.locator(".hero__content").boundingBox();
      const art = await slide.locator(".hero__image").boundingBox();
      if (!copy || !art) throw new Error("a hero slide without copy or artwork");
      expect(copy.x + copy.width, "the copy ends where the artwork starts").toBeLessThanOrEqual(art.x + 1);
    }
  });

  test("the dot of the slide in view is marked, and moves with the slide", async ({ shop, page }) => {
    await shop.visit("/");
    const dots = page.getByRole("navigation", { name: "Choose a slide" }).getByRole("link");
    await expect(dots).toHaveCount(HERO_SLIDES.length);
    // The current dot is the thicker line, with or without JavaScript.
    const current = "100% 4px";
    await expect(dots.nth(0)).toHaveCSS("background-size", current);
    await expect(dots.nth(1)).not.toHaveCSS("background-size", current);
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveCSS("background-size", current);
    await expect(dots.nth(0)).not.toHaveCSS("background-size", current);
    await expect(page.getByRole("heading", { name: HERO_SLIDES[1]?.title })).toBeInViewport();
  });
});
