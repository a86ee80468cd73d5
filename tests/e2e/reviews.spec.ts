import type { APIRequestContext } from "@playwright/test";
import { CATALOGUE_FRESHNESS } from "#contract/constants.ts";
import { createVerifiedAccount, uniqueEmail } from "./account-helpers.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { buyer, type CatalogueProduct, deliver, placeOrder, productFor } from "./order-helpers.ts";

/** A shopper who bought `product` `orders` times, each order delivered, and reviewed it once per order. */
async function deliveredReviews(request: APIRequestContext, email: string, product: CatalogueProduct, ratings: number[]) {
  const shopper = await buyer(request, email);
  const { headers } = shopper;
  const reviewIds: number[] = [];
  for (const [index, rating] of ratings.entries()) {
    const order = await placeOrder(request, shopper, product);
    await deliver(order.order_code);
    const created = await request.post("/api/public/reviews", {
      headers,
      data: { product_id: product.id, order_id: order.id, rating, comment: `Review number ${index + 1}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    reviewIds.push((await created.json()).data.id);
  }
  return { headers, reviewIds };
}

test.describe("product reviews", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a delivered order's reviews show on the product with summary, distribution, sort and paging, and an edit shows too", async ({
    shop,
    page,
    request,
    inbox,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "review");
    await createVerifiedAccount(request, inbox, email, "Amina Noor Khan");
    // A retry takes another product: the failed attempt may have left reviews on the first.
    const product = await productFor(request, (testInfo.project.name === "js" ? 0 : 1) + (testInfo.retry > 0 ? 7 : 0), 6);
    // Six orders, one review each: two pages of five.
    const { headers, reviewIds } = await deliveredReviews(request, email, product, [5, 4, 4, 3, 1, 5]);

    await shop.visit(`/product/${product.token}`);
    const info = page.locator(".product-info");
    await expect(info.getByRole("img", { name: "Rated 3.7 out of 5" })).toBeVisible();
    await expect(info).toContainText("6 reviews");

    const reviews = page.getByRole("region", { name: "Customer Reviews" });
    await expect(reviews.locator(".reviews__average-value")).toHaveText("3.7");
    await expect(reviews.getByRole("list", { name: "Rating distribution" })).toContainText("5 stars: 2 reviews");
    await expect(reviews.getByRole("list", { name: "Rating distribution" })).toContainText("4 stars: 2 reviews");
    await expect(reviews.getByRole("list", { name: "Rating distribution" })).toContainText("2 stars: 0 reviews");
    await expect(reviews).toContainText("Showing 1 to 5 of 6 reviews");
    const rows = reviews.locator(".review");
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText("Amina K.");
    await expect(rows.first()).toContainText("Verified Purchase");
    await expect(rows.first()).toContainText("Review number 6");
    await expect(rows.first().locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    await reviews.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/reviews_page=2/);
    await expect(reviews).toContainText("Showing 6 to 6 of 6 reviews");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Review number 1");

    const sort = reviews.getByLabel("Sort reviews");
    // Hydrated, the choice submits itself, and the Sort button goes away.
    if (shop.javaScriptEnabled) {
      await hydrated(page);
      await expect(reviews.getByRole("button", { name: "Sort" })).toBeHidden();
    }
    await sort.selectOption("lowest");
    if (!shop.javaScriptEnabled) await reviews.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/reviews_sort=lowest/);
    await expect(page).not.toHaveURL(/reviews_page/);
    await expect(reviews).toContainText("Showing 1 to 5 of 6 reviews");
    await expect(rows.first()).toContainText("Review number 5");
    await expect(sort).toHaveValue("lowest");

    const edited = await request.put(`/api/public/reviews/${reviewIds[4]}`, {
      headers,
      data: { rating: 2, comment: "Better after a wash" },
    });
    expect(edited.status()).toBe(200);
    // Another worker may have kept the page: it shows the edit within the catalogue's freshness bound.
    await expect(async () => {
      await page.reload();
      await expect(rows.first()).toContainText("Better after a wash", { timeout: 100 });
    }).toPass({ timeout: CATALOGUE_FRESHNESS.boundMs });
    await expect(reviews.getByRole("list", { name: "Rating distribution" })).toContainText("2 stars: 1 review");
    await expect(reviews.getByRole("list", { name: "Rating distribution" })).toContainText("1 star: 0 reviews");
  });

  test("a product without reviews says so", async ({ shop, page, request }, testInfo) => {
    const product = await productFor(request, testInfo.project.name === "js" ? 2 : 3);
    await shop.visit(`/product/${product.token}`);
    const reviews = page.getByRole("region", { name: "Customer Reviews" });
    await expect(reviews).toContainText("No reviews yet");
    await expect(reviews).toContainText("Be the first to review");
    await expect(reviews.getByLabel("Sort reviews")).toHaveCount(0);
    await expect(page.locator(".product-info")).toContainText("0 reviews");
  });
});
