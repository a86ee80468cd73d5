import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { productFor } from "./order-helpers.ts";

test("a guest is asked to sign in; a shopper keeps a wishlist and sees the product in recently viewed", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  // Sign-up by mail, a sign-in and several round trips: longer than the default budget on a 2-core machine.
  test.slow();
  const product = await productFor(request, testInfo.project.name === "js" ? 26 : 27);
  const productPath = `/product/${product.token}`;
  const heart = shop.main.getByRole("button", { name: `${MSG.catalogue.addToWishlist}: ${product.name}` });

  // Signed out: the heart leads to sign-in, which will come back to the product.
  await shop.visit(productPath);
  await heart.click();
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(productPath)}`);
  await expect(page.getByText(MSG.wishlist.loginRequired)).toBeVisible();

  const email = uniqueEmail(testInfo, "wishlist");
  await createVerifiedAccount(request, inbox, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(productPath, { timeout: SIGN_IN_MS });

  await heart.click();
  await expect(page.getByText(`${product.name} ${MSG.wishlist.addedSuffix}`)).toBeVisible();
  await expect(page).toHaveURL(productPath);

  // The product page recorded the view: the profile slider lists it, linking back to it.
  const slider = shop.header.locator("details.profile-slider");
  await slider.locator("summary").click();
  const recent = slider.getByRole("region", { name: "Recently viewed" });
  await expect(recent.getByRole("link", { name: product.name })).toHaveAttribute("href", productPath);
  await slider.locator("summary").click();

  await shop.visit("/wishlist");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Wishlist");
  await expect(page.getByRole("heading", { level: 1, name: MSG.wishlist.title })).toBeVisible();
  await expect(shop.main.getByText(MSG.wishlist.subtitle)).toBeVisible();
  const card = shop.main.getByRole("article").filter({ has: page.getByRole("heading", { name: product.name }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(`${MSG.wishlist.categoryLabel}: ${product.category_name}`)).toBeVisible();
  await expect(card.getByText(`${MSG.wishlist.skuLabel}: ${product.sku}`)).toBeVisible();

  await card.getByRole("button", { name: `${MSG.catalogue.removeFromWishlist}: ${product.name}` }).click();
  await expect(page.getByText(`${product.name} ${MSG.wishlist.removedSuffix}`)).toBeVisible();
  await expect(page).toHaveURL("/wishlist");
  await expect(shop.main.getByText(MSG.wishlist.empty)).toBeVisible();
  await expect(shop.main.getByText(MSG.wishlist.emptyHint)).toBeVisible();
  await expect(shop.main.getByRole("link", { name: MSG.wishlist.startShopping })).toHaveAttribute("href", "/products");
});

test("a guest's heart on a listing card comes back to that card after signing in", async ({ shop, page, request, inbox }, testInfo) => {
  test.slow();
  await shop.visit("/products");
  const cards = shop.main.getByRole("article");
  const card = cards.last();
  const anchor = await card.getAttribute("id");
  expect(anchor).toMatch(/^product-\d+$/);
  const name = await card.getByRole("heading").textContent();
  await card.getByRole("button", { name: `${MSG.catalogue.addToWishlist}: ${name}` }).click();
  await expect(page.getByText(MSG.wishlist.loginRequired)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("redirectTo")).toBe(`/products#${anchor}`);

  const email = uniqueEmail(testInfo, "card-heart");
  await createVerifiedAccount(request, inbox, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`/products#${anchor}`, { timeout: SIGN_IN_MS });
  await expect(shop.main.locator(`#${anchor}`)).toBeInViewport();
});

test("the wishlist page asks a guest to sign in first", async ({ page }) => {
  await page.goto("/wishlist");
  await expect(page).toHaveURL("/signin?redirectTo=%2Fwishlist");
});

test("the heart shows whether a product is saved and toggles it, on the detail page and on cards", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  test.slow();
  const listing = await (await request.get("/api/public/products?limit=2&sort=name_a_z")).json();
  const product: ProductSummaryDto = listing.data[1];
  const productPath = `/product/${product.token}`;
  const addHeart = shop.main.getByRole("button", { name: `${MSG.catalogue.addToWishlist}: ${product.name}` });
  const removeHeart = shop.main.getByRole("button", { name: `${MSG.catalogue.removeFromWishlist}: ${product.name}` });

  const email = uniqueEmail(testInfo, "heart");
  await createVerifiedAccount(request, inbox, email);
  await shop.visit(`/signin?redirectTo=${encodeURIComponent(productPath)}`);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(productPath, { timeout: SIGN_IN_MS });

  await addHeart.click();
  await expect(page.getByText(`${product.name} ${MSG.wishlist.addedSuffix}`)).toBeVisible();
  await expect(removeHeart).toHaveAttribute("data-saved", "true");
  await expect(addHeart).toHaveCount(0);

  // The listing's card knows too, and removes it.
  await shop.visit("/products?sort=name_a_z");
  await expect(removeHeart).toBeVisible();
  await removeHeart.click();
  await expect(page.getByText(`${product.name} ${MSG.wishlist.removedSuffix}`)).toBeVisible();
  await expect(addHeart).toBeVisible();
  // Without JavaScript the page comes back at the card (its anchor), not at the top.
  await expect(page).toHaveURL(shop.javaScriptEnabled ? "/products?sort=name_a_z" : `/products?sort=name_a_z#product-${product.id}`);

  await shop.visit(productPath);
  await expect(addHeart).toBeVisible();
  await expect(addHeart).not.toHaveAttribute("data-saved");
});

test("a shopper who verified on another device is taken as verified here: the heart saves, not 'Verify Your Email'", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  test.slow();
  const product = await productFor(request, testInfo.project.name === "js" ? 28 : 29);
  const productPath = `/product/${product.token}`;

  // Signed up here, so signed in with an unverified e-mail...
  const email = uniqueEmail(testInfo, "elsewhere");
  await shop.visit("/signup");
  await page.getByLabel("Full name").fill("Verified Elsewhere");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  // ...then verified with the code on another device.
  const verify = await request.post("/api/public/otp/verify", { data: { email, otp: await inbox.code(email) } });
  expect(verify.status()).toBe(200);

  await shop.visit(productPath);
  await shop.main.getByRole("button", { name: `${MSG.catalogue.addToWishlist}: ${product.name}` }).click();
  await expect(page.getByText(`${product.name} ${MSG.wishlist.addedSuffix}`)).toBeVisible();
  await expect(page).toHaveURL(productPath);
  await shop.visit("/wishlist");
  await expect(shop.main.getByRole("heading", { name: product.name })).toBeVisible();
});
