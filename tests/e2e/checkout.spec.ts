import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { toPaymentStep } from "./checkout-helpers.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { PRODUCT_SLOTS } from "./order-helpers.ts";

const PAY_MS = 15_000;

// Each test signs up, signs in, fills a cart and walks the checkout: several server round trips with a password hash.
test.describe.configure({ timeout: 90_000 });

/**
 * Two seeded products in stock, counted from the end by name past the slots `productFor` hands out: products other
 * specs import for the back office (named "Atelier …", and edited while this runs) are the newest and first by name,
 * never these.
 */
async function twoProductsInStock(request: APIRequestContext): Promise<ProductSummaryDto[]> {
  const listing = await (await request.get("/api/public/products?limit=100&sort=name_a_z")).json();
  const picks = (listing.data as ProductSummaryDto[])
    .reverse()
    .slice(PRODUCT_SLOTS)
    .filter((product) => product.variants.some((variant) => variant.stock >= 2));
  expect(picks.length).toBeGreaterThanOrEqual(2);
  return picks.slice(0, 2);
}

async function signedInWithCart(shop: Shop, request: APIRequestContext, inbox: Parameters<typeof createVerifiedAccount>[1], email: string) {
  await createVerifiedAccount(request, inbox, email);
  await shop.visit("/signin");
  await signIn(shop.page, email, PASSWORD);
  await expect(shop.page).toHaveURL("/", { timeout: SIGN_IN_MS });
  let count = 0;
  for (const product of await twoProductsInStock(request)) {
    await shop.visit(`/product/${product.token}`);
    await shop.main.getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
    count += 1;
    await expect(shop.header.getByRole("link", { name: `Cart, ${count} ${count === 1 ? "item" : "items"}`, exact: true })).toBeVisible();
  }
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Cardholder name").fill("Amina Khan");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("CVV").fill("123");
}

test("two items, WELCOME10, checkout with a new address, card payment, success with the discount, then MY ORDERS", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  await signedInWithCart(shop, request, inbox, uniqueEmail(testInfo, "checkout"));

  await shop.visit("/cart");
  await page.getByRole("button", { name: "Apply" }).click();
  if (!shop.javaScriptEnabled) await expect(page.getByText(MSG.promo.required)).toBeVisible();
  await page.getByLabel("Promo code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /^Promo code applied! You saved £\d+\.\d{2}$/ })).toBeVisible();
  // Centred in the window on a desktop and on a phone, with or without JavaScript; its Continue is a button, not an
  // underlined link.
  const desktop = page.viewportSize();
  for (const viewport of [desktop, { width: 390, height: 844 }]) {
    if (!viewport) throw new Error("the page has no viewport");
    await page.setViewportSize(viewport);
    const box = await dialog.boundingBox();
    if (!box) throw new Error("the dialog has no box");
    expect(box.width, `the dialog fits ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2), `centred across at ${viewport.width} px`).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2), `centred down at ${viewport.width} px`).toBeLessThan(2);
  }
  if (desktop) await page.setViewportSize(desktop);
  await expect(dialog.getByRole("link", { name: "Continue" })).toHaveCSS("text-decoration-line", "none");
  if (shop.javaScriptEnabled) {
    // A true modal: focus inside, and Escape closes it, leaving focus on the applied code's Remove.
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.locator(".promo-box__remove")).toBeFocused();
  } else {
    await dialog.getByRole("link", { name: "Continue" }).click();
  }
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Discount (WELCOME10)")).toBeVisible();

  await toPaymentStep(page);
  await fillCard(page, "4242 4242 4242 4242");
  if (shop.javaScriptEnabled) await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/, { timeout: PAY_MS });
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await expect(page.getByText(MSG.payment.orderPlaced)).toBeVisible();
  await expect(page.getByText(MSG.payment.processed)).toBeVisible();
  await expect(page.getByText("Discount (WELCOME10)")).toBeVisible();
  await expect(page.getByText("Total (with discount)")).toBeVisible();
  await expect(page.locator(".order-success__card .order-status")).toHaveText("Confirmed");
  await expect(page.getByText(/You saved £\d+\.\d{2} on this order!/)).toBeVisible();
  const code = (await page.locator(".order-success__code").textContent()) ?? "";
  expect(code).not.toBe("");
  await expect(shop.header.getByRole("link", { name: /^Cart, empty$/ })).toBeVisible();

  await page.getByRole("link", { name: "View Orders" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const row = page.locator(".order-row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByText("Confirmed")).toBeVisible();
  await row.getByRole("link", { name: /View details/ }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders&order=\d+$/);
  const detail = page.getByRole("dialog", { name: `Order #${code}` });
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Credit Card")).toBeVisible();
  await expect(detail.getByText(/^SKU: /)).toHaveCount(2);
  await expect(detail.getByText("41 Green Street")).toBeVisible();
  await detail.getByRole("link", { name: "Close order details" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a declined card leaves an alert that stays, keeps what was typed but the CVV, and creates no order; the next card goes through", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  // The page's timers run on a clock the test moves on, so "still there after 10 s" takes no 10 s.
  if (shop.javaScriptEnabled) await page.clock.install();
  await signedInWithCart(shop, request, inbox, uniqueEmail(testInfo, "declined"));
  await shop.visit("/cart");
  await toPaymentStep(page);
  await fillCard(page, "4000000000000002");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const alert = page.getByRole("alert").filter({ hasText: `Payment Failed: ${MSG.payment.cardDeclined}` });
  await expect(alert).toBeVisible({ timeout: PAY_MS });
  if (shop.javaScriptEnabled) {
    // Past every toast's time: the toast may be gone, the alert is not.
    await page.clock.fastForward(10_000);
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    // Scrolled to, below the sticky header rather than under it.
    const [alertBox, headerBox] = [await alert.boundingBox(), await shop.header.boundingBox()];
    expect(alertBox?.y).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
  }
  await expect(page.getByLabel("Cardholder name")).toHaveValue("Amina Khan");
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  await expect(page.getByLabel("Expiry date")).toHaveValue("12/39");
  await expect(page.getByLabel("CVV")).toHaveValue("");
  await expect(shop.header.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await expectNoViolations(page, "the payment step after a decline", shop.javaScriptEnabled);

  // The refused form carries a fresh key, so the next attempt is a new payment, not the declined one again.
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/, { timeout: PAY_MS });
  await shop.visit("/profile?tab=orders");
  await expect(page.locator(".order-row")).toHaveCount(1);
});

/** The payment form's fields exactly as the page rendered them (its idempotency key included). */
async function paymentFormFields(page: Page): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const input of await page.locator("form.payment-form input[name]").all()) {
    const name = (await input.getAttribute("name")) ?? "";
    if ((await input.getAttribute("type")) === "checkbox" && !(await input.isChecked())) continue;
    fields[name] = await input.inputValue();
  }
  return fields;
}

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");

test("the same payment form submitted twice places one order", async ({ shop, page, request, inbox, context }, testInfo) => {
  await signedInWithCart(shop, request, inbox, uniqueEmail(testInfo, "twice"));
  await shop.visit("/cart");
  await toPaymentStep(page);
  await fillCard(page, "4242424242424242");

  // The form sent twice with the cookies of that moment.
  const fields = await paymentFormFields(page);
  const cookie = await cookieHeader(context);
  const action = new URL(page.url()).pathname + new URL(page.url()).search;
  // The Origin a browser sends with every form post (the server refuses a post without one).
  const headers = { cookie, origin: new URL(page.url()).origin };
  const submit = () => request.post(action, { form: fields, headers, maxRedirects: 0 });
  const first = await submit();
  const second = await submit();
  expect(first.status()).toBe(303);
  expect(second.status()).toBe(303);
  expect(first.headers().location).toMatch(/^\/order-success\?order=\d+$/);
  expect(second.headers().location).toBe(first.headers().location);

  await shop.visit("/profile?tab=orders");
  await expect(page.locator(".order-row")).toHaveCount(1);
});

test("a second press of Pay after the first was answered opens the same order, though the cart is empty now", async ({
  shop,
  page,
  request,
  inbox,
  context,
}, testInfo) => {
  await signedInWithCart(shop, request, inbox, uniqueEmail(testInfo, "again"));
  await shop.visit("/cart");
  await toPaymentStep(page);
  await fillCard(page, "4242424242424242");
  const fields = await paymentFormFields(page);
  const action = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/, { timeout: PAY_MS });
  const success = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(shop.header.getByRole("link", { name: "Cart, empty" })).toBeVisible();

  // The same form (its key) again, as the browser resubmits it: its cookies (the emptied cart) and its origin.
  const headers = { cookie: await cookieHeader(context), origin: new URL(page.url()).origin };
  const again = await request.post(action, { form: fields, headers, maxRedirects: 0 });
  expect(again.status()).toBe(303);
  expect(again.headers().location).toBe(success);

  // The checking page of that key knows the order too.
  await shop.visit(`/checkout/payment-status?key=${fields.idempotencyKey}`);
  await expect(page).toHaveURL(success);
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await shop.visit("/profile?tab=orders");
  await expect(page.locator(".order-row")).toHaveCount(1);
});
