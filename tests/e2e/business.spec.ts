import { randomInt } from "node:crypto";
import type { Browser } from "@playwright/test";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { adminOrderHref, orderDetailHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { toPaymentStep } from "./checkout-helpers.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { buyer, createOperator, placeOrder, productFor } from "./order-helpers.ts";

/**
 * The business from end to end on the shop the global setup starts (test gateway, SHOP_ORDERS_EMAIL left at its
 * default, the shop's own address): a shopper pays and is told, the shop is told, an operator ships and delivers in
 * the back office, and the shopper is told each time and reviews the item from the delivered e-mail's link.
 * stripe-checkout.spec.ts proves the same payment mails through Stripe.
 */

const PAY_MS = 15_000;

test.describe.configure({ timeout: 120_000 });

/** A browser of its own for the operator, as on the shop's desk, with JavaScript as the project runs it. */
async function operatorPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    javaScriptEnabled,
    locale: "en-GB",
    extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  return { context, page: await context.newPage() };
}

test("a shopper pays by card through the test gateway and receives the confirmation; the shop's mailbox receives the new order", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "business-card");
  await createVerifiedAccount(request, inbox, email, "Layla Haddad");
  await shop.visit("/signin");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/", { timeout: SIGN_IN_MS });
  const listing = await (await request.get("/api/public/products?limit=12&stock_status=In%20Stock")).json();
  const product = (listing.data as ProductSummaryDto[]).find((entry) => entry.variants.some((variant) => variant.stock >= 2));
  if (!product) throw new Error("no product in stock");
  await shop.visit(`/product/${product.token}`);
  await shop.main.getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  await shop.visit("/cart");
  await toPaymentStep(page);
  await page.getByLabel("Cardholder name").fill("Layla Haddad");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/, { timeout: PAY_MS });
  const code = ((await page.locator(".order-success__code").textContent()) ?? "").trim();
  expect(code).toMatch(/^MN-/);
  const total = ((await page.locator(".order-totals__total dd").textContent()) ?? "").trim();

  const confirmation = await inbox.text(email, `Thank you for your order ${code}.`);
  expect(confirmation).toContain("Hello Layla Haddad");
  expect(confirmation).toContain(product.name);
  expect(confirmation).toContain(`Total: ${total.replaceAll(",", "")}`);
  expect(confirmation).toContain("Delivering to: 41 Green Street, London, E7 8DA");
  const orderId = new URL(page.url()).searchParams.get("order");
  expect(confirmation).toContain(`${MSG.mail.seeOrder}: ${process.env.E2E_BASE_URL}${orderDetailHref(Number(orderId))}`);

  const notice = await inbox.text(SHOP.email, `A new order ${code} was placed.`);
  expect(notice).toContain(`Customer: Layla Haddad <${email}>`);
  expect(notice).toContain(product.name);
  expect(notice).toContain("Deliver to: 41 Green Street");
  expect(notice).toContain(`${MSG.mail.openOrder}: ${process.env.E2E_BASE_URL}${adminOrderHref(code)}`);
});

test("an operator ships the order in /admin with a tracking number and marks it delivered; the shopper is told each time and reviews the item from the e-mail's link", async ({
  shop,
  page,
  browser,
  request,
  inbox,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "business-ship");
  await createVerifiedAccount(request, inbox, email, "Idris Bello");
  const product = await productFor(request, testInfo.project.name === "js" ? 14 : 15);
  const order = await placeOrder(request, await buyer(request, email), product);
  const operatorEmail = uniqueEmail(testInfo, "business-ops");
  await createOperator(operatorEmail, "Dispatch Desk", PASSWORD);

  const desk = await operatorPage(browser, shop.javaScriptEnabled);
  const admin = desk.page;
  const orderPath = `/admin/orders/${order.order_code}`;
  await admin.goto(orderPath);
  await signIn(admin, operatorEmail, PASSWORD);
  await expect(admin).toHaveURL(orderPath, { timeout: SIGN_IN_MS });
  if (shop.javaScriptEnabled) await hydrated(admin);
  await admin.getByRole("button", { name: MSG.admin.orders.moveTo("processing") }).click();
  const ship = admin.getByRole("form", { name: MSG.admin.orders.ship });
  await ship.getByLabel(MSG.admin.orders.carrierLabel).selectOption({ label: "Royal Mail" });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("AB 1234 5678 5GB");
  await ship.getByRole("button", { name: MSG.admin.orders.ship }).click();
  await expect(admin.getByRole("region", { name: "Shipment" }).getByRole("link", { name: "AB123456785GB" })).toBeVisible();

  const shipped = await inbox.text(email, `Good news: your order ${order.order_code} is on its way.`);
  expect(shipped).toContain("It travels with Royal Mail, tracking number AB123456785GB.");
  expect(shipped).toContain("Follow your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB");

  await admin.getByRole("button", { name: MSG.admin.orders.moveTo("delivered") }).click();
  await expect(admin.locator(".admin-order__header .order-status")).toHaveText("Delivered");
  await desk.context.close();

  const delivered = await inbox.text(email, `Your order ${order.order_code} has been delivered.`);
  const link = /Review your items: (\S+)/.exec(delivered)?.[1];
  expect(link).toBe(`${process.env.E2E_BASE_URL}/profile?tab=orders&order=${order.id}`);

  // The shopper is not signed in on this browser: the link asks them to, then opens the order.
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/signin\?redirectTo=/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(link as string, { timeout: SIGN_IN_MS });
  if (shop.javaScriptEnabled) await hydrated(page);
  const dialog = page.getByRole("dialog", { name: `Order #${order.order_code}` });
  await dialog.getByText(MSG.reviews.write).click();
  await dialog
    .locator("label.star-input__option")
    .filter({ hasText: MSG.reviews.starsRow(5) })
    .click();
  await dialog.getByLabel(MSG.reviews.commentLabel).fill("Arrived tracked and on time; the cut is perfect.");
  await dialog.getByRole("button", { name: MSG.reviews.submit }).click();
  await expect(page.getByText(MSG.reviews.created)).toBeVisible();

  await shop.visit(`/product/${product.token}`);
  const review = page
    .getByRole("region", { name: MSG.reviews.heading })
    .locator(".review")
    .filter({ hasText: "Arrived tracked and on time" });
  await expect(review).toContainText("Idris B.");
  await expect(review).toContainText(MSG.reviews.verifiedPurchase);
});
