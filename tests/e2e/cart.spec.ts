import type { APIRequestContext } from "@playwright/test";
import type { ProductDetailDto, VariantDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { expect, holdScripts, test } from "./fixtures.ts";

interface Pick {
  product: ProductDetailDto;
  variant: VariantDto;
  fit: string;
}

/**
 * A product of the seeded catalogue to shop for, found through the API rather than by name: a variant in
 * stock (at least 2, few enough to reach the limit) in a colour other than the first, and a fit other than the
 * default, so every choice is a real pick.
 */
async function findProductToShop(request: APIRequestContext): Promise<Pick> {
  const listing = await (await request.get("/api/public/products?limit=12")).json();
  for (const summary of listing.data as { id: number }[]) {
    const product: ProductDetailDto = (await (await request.get(`/api/public/products/${summary.id}`)).json()).data;
    const colors = [...new Set(product.variants.map((variant) => variant.color_name))];
    const fit = product.available_fits.map((option) => option.value).find((value) => value !== product.default_fit);
    const variant = product.variants
      .filter((candidate) => candidate.color_name !== colors[0] && candidate.stock >= 2)
      .sort((a, b) => a.stock - b.stock)[0];
    if (fit && variant) return { product, variant, fit };
  }
  throw new Error("The seeded catalogue has no product with a second colour in stock and a second fit");
}

test("add a product from its page, take the quantity to the limit, then remove it", async ({ shop, page, request }) => {
  // A dozen round trips to the server, each a full page without JavaScript.
  test.setTimeout(60_000);
  const { product, variant, fit } = await findProductToShop(request);
  const name = product.name;

  await shop.visit(`/product/${product.token}`);
  await shop.main.getByRole("link", { name: variant.color_name, exact: true }).click();
  await expect(shop.main.getByRole("link", { name: variant.color_name, exact: true })).toHaveAttribute("aria-current", "true");
  await shop.main.getByRole("link", { name: variant.size, exact: true }).click();
  await expect(shop.main.getByRole("link", { name: variant.size, exact: true })).toHaveAttribute("aria-current", "true");
  await shop.main.getByRole("link", { name: fit, exact: true }).click();
  await expect(shop.main.getByRole("link", { name: fit, exact: true })).toHaveAttribute("aria-current", "true");
  await shop.main.getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
  await expect(page.getByText(`${name} ${MSG.cart.addedSuffix}`)).toBeVisible();

  await shop.header.getByRole("link", { name: "Cart, 1 item", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(line.getByText(variant.color_name, { exact: true })).toBeVisible();
  await expect(line.getByText(variant.size, { exact: true })).toBeVisible();
  await expect(line.getByText(fit, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.cart.shippingLabel)).toBeVisible();

  const quantity = line.getByRole("spinbutton", { name: `Quantity of ${name}` });
  const increase = line.getByRole("button", { name: `Increase quantity of ${name}` });
  const decrease = line.getByRole("button", { name: `Decrease quantity of ${name}` });
  await expect(increase).toBeEnabled();
  // A line stays at 1 or more: removing is Remove's.
  await expect(decrease).toBeDisabled();
  // Update is for typing a quantity without JavaScript; with it a typed quantity applies on leaving the field.
  const update = line.getByRole("button", { name: MSG.cart.update });
  if (shop.javaScriptEnabled) await expect(update).toBeHidden();
  else await expect(update).toBeVisible();
  const applyTyped = () => (shop.javaScriptEnabled ? quantity.blur() : update.click());
  await quantity.fill(String(variant.stock));
  await applyTyped();
  await expect(line.getByText(MSG.cart.maxReached)).toBeVisible();
  await expect(increase).toBeDisabled();
  await expect(decrease).toBeEnabled();
  await expect(quantity).toHaveValue(String(variant.stock));

  await quantity.fill(String(variant.stock + 1));
  await applyTyped();
  await expect(page.getByText(MSG.cart.onlyNForVariant(variant.stock))).toBeVisible();
  await expect(quantity).toHaveValue(String(variant.stock));

  await quantity.fill("1");
  await quantity.press("Enter");
  await expect(quantity).toHaveValue("1");
  await expect(increase).toBeEnabled();
  await expect(decrease).toBeDisabled();

  await line.getByRole("button", { name: `Remove ${name} from cart` }).click();
  await expect(page.getByRole("heading", { name: MSG.cart.empty })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await expect(shop.header.getByRole("link", { name: /^Cart, empty$/ })).toBeVisible();
});

test("a cart cookie that was tampered with is an empty cart, not an error", async ({ shop, page, context, baseURL }) => {
  await context.addCookies([{ name: "__cart", value: "eyJwIjoxfQ%3D%3D.forged", url: baseURL ?? "" }]);
  await shop.visit("/cart");
  await expect(page.getByRole("heading", { name: MSG.cart.empty })).toBeVisible();
});

test("a card's add-to-cart icon adds the product and leaves the shopper on the listing, at the card", async ({ shop, page, request }) => {
  // A card in the third row, well below the top of the page.
  const listing = await (await request.get("/api/public/products?limit=9&sort=name_a_z")).json();
  const { id, name } = listing.data[8] as { id: number; name: string };
  await shop.visit("/products?sort=name_a_z");
  // With JavaScript the post runs in the background: the document is never loaded again.
  if (shop.javaScriptEnabled) await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const add = shop.main.getByRole("button", { name: `${MSG.catalogue.addToCart}: ${name}`, exact: true });
  await add.scrollIntoViewIfNeeded();
  await add.click();
  await expect(page.getByText(`${name} ${MSG.cart.addedSuffix}`)).toBeVisible();
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  if (shop.javaScriptEnabled) {
    await expect(page).toHaveURL("/products?sort=name_a_z");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  } else {
    // The new page opens at the card the shopper tapped, not at the top.
    await expect(page).toHaveURL(`/products?sort=name_a_z#product-${id}`);
    await expect(page.locator(`#product-${id}`)).toBeInViewport();
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test("a double tap on Add to Cart on a first visit, before the scripts load, adds one item", async ({ shop, page, request }) => {
  const listing = await (await request.get("/api/public/products?limit=2&sort=name_a_z")).json();
  const { name } = listing.data[1] as { name: string };
  // A fresh visitor (no cookie) on a slow phone: the page is the server's HTML, its scripts never arrive.
  const releaseScripts = await holdScripts(page);
  await page.goto("/products?sort=name_a_z", { waitUntil: "domcontentloaded" });

  // The first tap's answer arrives (and with it the cart cookie) while the page it leads to is still on its way,
  // so the second tap posts the same form again, now with that cart.
  const firstAnswered = Promise.withResolvers<void>();
  const secondPost = Promise.withResolvers<{ cookie: string; addsAgain: boolean }>();
  let posts = 0;
  await page.route(/\/cart$/, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts += 1;
    const cookie = (await route.request().headerValue("cookie")) ?? "";
    const answer = await route.fetch({ maxRedirects: 0 });
    if (posts > 1) {
      secondPost.resolve({ cookie, addsAgain: answer.headers()["set-cookie"]?.includes("__cart=") ?? false });
      return route.fulfill({ response: answer });
    }
    firstAnswered.resolve();
    await secondPost.promise;
    // The browser has left this request for the second one: its answer has nowhere to go.
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
  // Two taps where the button is: the page is leaving, so it is not looked up again.
  const add = shop.main.getByRole("button", { name: `${MSG.catalogue.addToCart}: ${name}`, exact: true });
  await add.scrollIntoViewIfNeeded();
  const box = await add.boundingBox();
  if (!box) throw new Error("the Add to Cart button has no box");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await firstAnswered.promise;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const second = await secondPost.promise;
  expect(second.cookie).toContain("__cart=");
  expect(second.addsAgain).toBe(false);

  // The held scripts belong to pages already left: let them go, so no route handler is left waiting.
  releaseScripts();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.goto("/cart", { waitUntil: "domcontentloaded" });
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
});

test("a double tap on Add to Cart adds one item", async ({ shop, page, request }) => {
  const listing = await (await request.get("/api/public/products?limit=1&sort=name_a_z")).json();
  const { name } = listing.data[0] as { name: string };
  await shop.visit("/products?sort=name_a_z");
  await shop.main.getByRole("button", { name: `${MSG.catalogue.addToCart}: ${name}`, exact: true }).dblclick();
  await expect(page.getByText(`${name} ${MSG.cart.addedSuffix}`).first()).toBeVisible();
  await shop.visit("/cart");
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
});
