import type { Locator, Page } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { buyer, deliver, placeOrder, productFor } from "./order-helpers.ts";

// Each test signs up, signs in and places orders: several server round trips with a password hash.
test.describe.configure({ timeout: 90_000 });

async function signedIn(shop: Shop, email: string) {
  await shop.visit("/signin");
  await signIn(shop.page, email, PASSWORD);
  await expect(shop.page).toHaveURL("/", { timeout: SIGN_IN_MS });
}

/** The star a shopper clicks to give `stars` stars (its radio is hidden behind the star). */
const starOption = (scope: Locator, stars: number) =>
  scope.locator("label.star-input__option").filter({ hasText: MSG.reviews.starsRow(stars) });

const reviewsOf = (page: Page) => page.getByRole("region", { name: MSG.reviews.heading });

test("MY ORDERS pages through the orders, and an order's dialog closes back to its page", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "paging");
  await createVerifiedAccount(request, inbox, email);
  const shopper = await buyer(request, email);
  const product = await productFor(request, testInfo.project.name === "js" ? 6 : 10, 11);
  const orders = [];
  for (let count = 0; count < 11; count++) orders.push(await placeOrder(request, shopper, product));
  await signedIn(shop, email);

  await shop.visit("/profile?tab=orders");
  const rows = page.locator(".order-row");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(orders[10].order_code);
  await expect(rows.first().getByText("Confirmed")).toBeVisible();
  const pager = page.getByRole("navigation", { name: MSG.orders.pagingLabel });
  await expect(pager).toContainText("Showing 1 to 10 of 11 orders");

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders&page=2$/);
  await expect(pager).toContainText("Showing 11 to 11 of 11 orders");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orders[0].order_code);

  const viewDetails = rows.first().getByRole("link", { name: /View details/ });
  await viewDetails.click();
  await expect(page).toHaveURL(/\/profile\?tab=orders&page=2&order=\d+$/);
  const dialog = page.getByRole("dialog", { name: `Order #${orders[0].order_code}` });
  if (shop.javaScriptEnabled) {
    // A true modal: focus inside, Escape closes it, and focus goes back to the link that opened it.
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/profile\?tab=orders&page=2$/);
    await expect(dialog).toHaveCount(0);
    await expect(viewDetails).toBeFocused();
    await viewDetails.click();
    // Centred in the window, and a click on the veil beside it closes it too.
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("the dialog has no box");
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    await page.mouse.click(Math.max(1, box.x / 2), viewport.height - 2);
    await expect(page).toHaveURL(/\/profile\?tab=orders&page=2$/);
    await expect(dialog).toHaveCount(0);
    await viewDetails.click();
  }
  await dialog.getByRole("link", { name: "Close order details" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders&page=2$/);

  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  await expect(rows).toHaveCount(10);

  // A page past the end shows the last one.
  await shop.visit("/profile?tab=orders&page=9");
  await expect(page).toHaveURL(/\/profile\?tab=orders&page=2$/);
});

test("an item of a delivered order is reviewed from MY ORDERS, shows on the product as a verified purchase, is edited and removed", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "profile-review");
  await createVerifiedAccount(request, inbox, email, "Maryam Idris");
  const product = await productFor(request, testInfo.project.name === "js" ? 4 : 5);
  const order = await placeOrder(request, await buyer(request, email), product);
  await signedIn(shop, email);

  const orderHref = `/profile?tab=orders&order=${order.id}`;
  await shop.visit(orderHref);
  const dialog = page.getByRole("dialog", { name: `Order #${order.order_code}` });
  await expect(dialog.getByText(MSG.reviews.afterDelivery)).toBeVisible();
  await expect(dialog.getByText(MSG.reviews.write)).toHaveCount(0);

  await deliver(order.order_code);
  await shop.visit(orderHref);
  await expect(dialog.getByText(MSG.reviews.afterDelivery)).toHaveCount(0);
  await dialog.getByText(MSG.reviews.write).click();
  await dialog.getByRole("button", { name: MSG.reviews.submit }).click();
  await expect(dialog.getByText(MSG.reviews.ratingRequired)).toBeVisible();

  await starOption(dialog, 4).click();
  await dialog.getByLabel(MSG.reviews.commentLabel).fill("Falls beautifully and the colour is true.");
  await dialog.getByRole("button", { name: MSG.reviews.submit }).click();
  await expect(page.getByText(MSG.reviews.created)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`order=${order.id}$`));
  await expect(dialog.getByText(MSG.reviews.yours)).toBeVisible();
  await expect(dialog.getByRole("img", { name: MSG.reviews.ratedOutOf(4, 5) })).toBeVisible();
  await expect(dialog.locator(".item-review__comment")).toHaveText("Falls beautifully and the colour is true.");

  await shop.visit(`/product/${product.token}`);
  const reviews = reviewsOf(page);
  const mine = reviews.locator(".review").filter({ hasText: "Falls beautifully" });
  await expect(mine).toContainText("Maryam I.");
  await expect(mine).toContainText(MSG.reviews.verifiedPurchase);
  const distribution = reviews.getByRole("list", { name: MSG.reviews.distributionLabel });
  await expect(distribution).toContainText("4 stars: 1 review");

  await shop.visit(orderHref);
  await dialog.getByText(MSG.reviews.edit).click();
  await expect(dialog.getByLabel(MSG.reviews.commentLabel)).toHaveValue("Falls beautifully and the colour is true.");
  await starOption(dialog, 2).click();
  await dialog.getByLabel(MSG.reviews.commentLabel).fill("Shrank after the first wash.");
  await dialog.getByRole("button", { name: MSG.reviews.saveEdit }).click();
  await expect(page.getByText(MSG.reviews.updated)).toBeVisible();
  await expect(dialog.getByRole("img", { name: MSG.reviews.ratedOutOf(2, 5) })).toBeVisible();
  await expect(dialog.locator(".item-review__comment")).toHaveText("Shrank after the first wash.");

  await shop.visit(`/product/${product.token}`);
  await expect(reviews.locator(".review").filter({ hasText: "Shrank after the first wash." })).toContainText(MSG.reviews.verifiedPurchase);
  await expect(distribution).toContainText("2 stars: 1 review");
  await expect(distribution).toContainText("4 stars: 0 reviews");

  // The shopper removes it: gone from the product, and the item can be reviewed again.
  await shop.visit(orderHref);
  await dialog.getByRole("button", { name: MSG.reviews.remove }).click();
  await expect(page.getByText(MSG.reviews.removed)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`order=${order.id}$`));
  await expect(dialog.getByText(MSG.reviews.write)).toBeVisible();
  await shop.visit(`/product/${product.token}`);
  await expect(reviews.locator(".review").filter({ hasText: "Shrank after the first wash." })).toHaveCount(0);
});
