import { HERO_SLIDES } from "#app/content/home.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
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

test.describe("home hero's fade", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("shows one headline at any moment of the move to the next slide", async ({ shop, page }) => {
    await shop.visit("/");
    // Without JavaScript the slides sit side by side in a strip: nothing fades.
    if (!shop.javaScriptEnabled) return;
    await page.getByRole("navigation", { name: "Choose a slide" }).getByRole("link").nth(1).click();
    // The fade's transitions held still and walked through: at each moment, the headlines any opacity shows.
    const shown = await page.evaluate((fadeMs) => {
      const hero = document.querySelector(".hero");
      if (!hero) return [];
      const transitions = hero.getAnimations({ subtree: true });
      for (const transition of transitions) transition.pause();
      const opacity = (element: Element | null): number =>
        !element || element === hero ? 1 : Number(getComputedStyle(element).opacity) * opacity(element.parentElement);
      const moments: number[] = [];
      for (let at = 0; at <= fadeMs; at += fadeMs / 20) {
        for (const transition of transitions) transition.currentTime = at;
        moments.push([...hero.querySelectorAll(".hero__title")].filter((title) => opacity(title) > 0).length);
      }
      return transitions.length === 0 ? [] : moments;
    }, TIMING_MS.heroFade);
    expect(shown.length, "the move fades").toBeGreaterThan(0);
    expect(Math.max(...shown)).toBe(1);
  });
});
