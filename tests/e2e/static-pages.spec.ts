import { ABOUT_CHILDREN, ABOUT_FLAGSHIP, ABOUT_PAGE, ABOUT_PRESS, ABOUT_STORY } from "#app/content/about.ts";
import { CONTACT_DETAILS_COPY } from "#app/content/contact.ts";
import { FIT_GUIDE, GETTING_STARTED_PAGE, GETTING_STARTED_WELCOME } from "#app/content/getting-started.ts";
import { FLAGSHIP, PRESS } from "#app/content/home.ts";
import { FAQ_TABS, SUPPORT_PAGE } from "#app/content/need-support.ts";
import { PAYMENT_TERMS_PAGE, paymentTerms } from "#app/content/payment-terms.ts";
import { PRIVACY_PAGE, PRIVACY_POLICY } from "#app/content/privacy-policy.ts";
import { RETURN_POLICY, RETURNS_PAGE, RETURNS_PROMISE } from "#app/content/return-exchanges.ts";
import { TERMS_OF_SERVICES, TERMS_PAGE } from "#app/content/terms-of-services.ts";
import type { PageCopy, ProseBlock } from "#app/content/types.ts";
import { expect, test } from "./fixtures.ts";

const PAGES: { path: string; page: PageCopy; sections: readonly ProseBlock[] }[] = [
  { path: "/about", page: ABOUT_PAGE, sections: [ABOUT_STORY, ABOUT_CHILDREN, ABOUT_FLAGSHIP, ABOUT_PRESS] },
  { path: "/getting-started", page: GETTING_STARTED_PAGE, sections: [GETTING_STARTED_WELCOME, FIT_GUIDE] },
  // The e2e shop runs the test gateway.
  { path: "/payment-terms", page: PAYMENT_TERMS_PAGE, sections: paymentTerms({ gateway: "test", unavailable: [] }) },
  { path: "/terms-of-services", page: TERMS_PAGE, sections: TERMS_OF_SERVICES },
  { path: "/privacy-policy", page: PRIVACY_PAGE, sections: PRIVACY_POLICY },
  { path: "/return-exchanges", page: RETURNS_PAGE, sections: [RETURNS_PROMISE, ...RETURN_POLICY] },
  { path: "/need-support", page: SUPPORT_PAGE, sections: [] },
];

test.describe("information pages", () => {
  for (const { path, page: copy, sections } of PAGES) {
    test(`${path} renders its headings`, async ({ shop, page }) => {
      await shop.visit(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
      await expect(page).toHaveTitle(new RegExp(copy.title.replace(/[?]/g, "\\?")));
      for (const section of sections) {
        await expect(shop.main.getByRole("heading", { level: 2, name: section.heading, exact: true })).toBeVisible();
      }
    });
  }
});

test.describe("links into the information pages", () => {
  for (const { learnMore, heading } of [
    { learnMore: PRESS.learnMore, heading: ABOUT_PRESS.heading },
    { learnMore: FLAGSHIP.learnMore, heading: ABOUT_FLAGSHIP.heading },
  ]) {
    test(`the home page's ${learnMore} lands on its section`, async ({ shop, page }) => {
      await shop.visit("/");
      await shop.main.locator(`a[href="${learnMore}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${learnMore}$`));
      const section = shop.main.locator(`#${learnMore.split("#")[1]}`);
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(heading);
      await expect(section).toBeInViewport();
    });
  }

  test("the footer's Privacy Policy opens the privacy page, and the sitemap lists it", async ({ shop, page }) => {
    await shop.visit("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRIVACY_PAGE.title);
    const sitemap = await page.request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain("/privacy-policy</loc>");
  });
});

test.describe("information pages at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("About's story column is centred under the centred heading", async ({ shop, page }) => {
    await shop.visit("/about");
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    const story = await shop.main.getByRole("region", { name: ABOUT_STORY.heading }).boundingBox();
    if (!heading || !story) throw new Error("no heading or story on /about");
    expect(Math.abs(story.x + story.width / 2 - (heading.x + heading.width / 2))).toBeLessThan(2);
  });

  test("Contact's 'Follow the house' is set in the sans of the labels beside it", async ({ shop }) => {
    await shop.visit("/contact");
    const label = await shop.main
      .locator(".contact-details__label")
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);
    await expect(shop.main.getByRole("heading", { name: CONTACT_DETAILS_COPY.social })).toHaveCSS("font-family", label);
  });
});

test.describe("Need Support FAQ", () => {
  const [general, orders] = FAQ_TABS;
  const tabs = (shop: { main: import("@playwright/test").Locator }) => shop.main.getByRole("navigation", { name: "FAQ topics" });

  test("opens on General Questions", async ({ shop }) => {
    await shop.visit("/need-support");
    await expect(tabs(shop).getByRole("link", { name: general.label })).toHaveAttribute("aria-current", "true");
    for (const entry of general.entries) await expect(shop.main.getByText(entry.question, { exact: true })).toBeVisible();
  });

  test("switches tabs, keeping the choice in the URL", async ({ shop, page }) => {
    await shop.visit("/need-support");
    await tabs(shop).getByRole("link", { name: orders.label }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]faq=${orders.slug}`));
    await expect(tabs(shop).getByRole("link", { name: orders.label })).toHaveAttribute("aria-current", "true");
    await expect(tabs(shop).getByRole("link", { name: general.label })).not.toHaveAttribute("aria-current", "true");
    for (const entry of orders.entries) await expect(shop.main.getByText(entry.question, { exact: true })).toBeVisible();
    for (const entry of general.entries) await expect(shop.main.getByText(entry.question, { exact: true })).toHaveCount(0);
  });

  test("every tab has three questions and answers", async ({ shop }) => {
    expect(FAQ_TABS).toHaveLength(5);
    for (const tab of FAQ_TABS) {
      await shop.visit(`/need-support?faq=${tab.slug}`);
      await expect(shop.main.locator(".faq-list__item")).toHaveCount(3);
      for (const entry of tab.entries) await expect(shop.main.getByText(entry.answer, { exact: true })).toBeVisible();
    }
  });
});
