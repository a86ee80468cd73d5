import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { buyer, createOperator, placeOrder, productFor, setOrderStatus } from "./order-helpers.ts";

/** The back office's orders, as an operator works them and as anyone else meets them, with JavaScript on and off. */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function audit(shop: Shop, label: string) {
  for (const viewport of VIEWPORTS) {
    await shop.page.setViewportSize(viewport);
    await expectNoViolations(shop.page, `${label} at ${viewport.width} px`, shop.javaScriptEnabled);
  }
  await shop.page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: "reduce" });

test("an operator finds an order, ships it with a tracking number and sees its history; a cancel asks first", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "admin-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail);
  const shopper = await buyer(request, shopperEmail);
  const product = await productFor(request, testInfo.project.name === "js" ? 12 : 13, 2);
  const { order_code: code } = await placeOrder(request, shopper, product);
  const { order_code: toCancel } = await placeOrder(request, shopper, product);
  await setOrderStatus(code, "processing");
  const operatorEmail = uniqueEmail(testInfo, "admin-ops");
  await createOperator(operatorEmail, "Ops Desk", PASSWORD);

  // A guest is sent to sign in and comes back to the list.
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin%2Forders$/);
  await signIn(page, operatorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/orders$/, { timeout: SIGN_IN_MS });
  const listed = await page.request.get("/admin/orders");
  expect(listed.headers()["cache-control"]).toBe("private, no-store");
  expect(listed.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await page.getByLabel(MSG.admin.orders.searchLabel).fill(shopperEmail);
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(2);
  await page.getByLabel(MSG.admin.orders.statusLabel).selectOption("processing");
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  await expect(rows).toHaveCount(1);
  await audit(shop, "the admin order list");

  // Filters it cannot read are shown back with their reasons.
  await page.goto("/admin/orders?from=2026-13-40&to=&q=x&page=abc");
  await expect(page.getByRole("alert").filter({ hasText: MSG.admin.orders.badDate })).toBeVisible();
  await expect(page.getByLabel(MSG.admin.orders.searchLabel)).toHaveValue("x");
  await page.goBack();

  await page.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${code}` })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect(page.getByText(shopperEmail).first()).toBeVisible();

  // Mistakes come back with what was typed; then the parcel ships.
  const ship = page.getByRole("form", { name: MSG.admin.orders.ship });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("12-34");
  await ship.getByRole("button", { name: MSG.admin.orders.ship }).click();
  await expect(ship.getByText(MSG.admin.orders.carrierRequired).last()).toBeVisible();
  await expect(ship.getByText(MSG.admin.orders.trackingInvalid)).toBeVisible();
  await expect(ship.getByLabel(MSG.admin.orders.trackingLabel)).toHaveValue("12-34");
  await audit(shop, "the admin order page with ship errors");
  await ship.getByLabel(MSG.admin.orders.carrierLabel).selectOption({ label: "DPD" });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("1550 1234 5678 90");
  await ship.getByRole("button", { name: MSG.admin.orders.ship }).click();
  const shipment = page.getByRole("region", { name: "Shipment" });
  await expect(shipment.getByRole("link", { name: "15501234567890" })).toHaveAttribute(
    "href",
    "https://track.dpd.co.uk/parcels/15501234567890",
  );
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "Shipped" })).toContainText(operatorEmail);
  await expect(history.getByRole("listitem").filter({ hasText: "Processing" })).toContainText(MSG.admin.orders.byShop);
  await expect(page.getByRole("button", { name: MSG.admin.orders.moveTo("delivered") })).toBeVisible();
  await audit(shop, "the admin order page, shipped");

  await page.getByRole("link", { name: MSG.admin.orders.packingSlip }).click();
  await expect(page.getByRole("heading", { level: 1, name: MSG.admin.orders.packingSlip })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByRole("navigation", { name: MSG.admin.navLabel })).toHaveCount(0);
  await audit(shop, "the packing slip");

  // Forged and oversized posts are refused with 4xx, and change nothing.
  const origin = { origin: process.env.E2E_BASE_URL ?? "" };
  const post = (options: Parameters<typeof page.request.post>[1]) =>
    page.request.post(`/admin/orders/${code}`, { ...options, headers: origin });
  expect((await post({ form: { intent: "status", status: "lost" } })).status()).toBe(400);
  expect((await post({ form: { intent: "status", status: "shipped" } })).status()).toBe(400);
  expect((await post({ form: { intent: "explode" } })).status()).toBe(400);
  expect((await post({ data: { intent: "status", status: "delivered" } })).status()).toBe(400);
  expect((await post({ form: { intent: "ship", carrier: "dpd", tracking_number: "9".repeat(70_000) } })).status()).toBe(413);
  await page.goto(`/admin/orders/${code}`);
  await expect(page.getByRole("button", { name: MSG.admin.orders.moveTo("delivered") })).toBeVisible();

  // Cancelling asks first; keeping the order changes nothing.
  await page.goto(`/admin/orders/${toCancel}`);
  await page.getByRole("link", { name: MSG.admin.orders.cancel }).click();
  await expect(page.getByText(MSG.admin.orders.confirmCancel)).toBeVisible();
  await page.getByRole("link", { name: MSG.admin.orders.keepOrder }).click();
  await expect(page.getByText(MSG.admin.orders.confirmCancel)).toHaveCount(0);
  await page.getByRole("link", { name: MSG.admin.orders.cancel }).click();
  await page.getByRole("button", { name: MSG.admin.orders.confirmCancelYes }).click();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Cancelled");
  await expect(page.getByText(MSG.admin.orders.noTransitions)).toBeVisible();
});

test("on a phone every back-office section is in sight without sideways scrolling, and order codes stay whole", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "admin-phone-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail);
  const shopper = await buyer(request, shopperEmail);
  const { order_code: code } = await placeOrder(request, shopper, await productFor(request, testInfo.project.name === "js" ? 16 : 17));
  const operatorEmail = uniqueEmail(testInfo, "admin-phone-ops");
  await createOperator(operatorEmail, "Phone Desk", PASSWORD);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto("/admin/orders");
  await signIn(page, operatorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/orders$/, { timeout: SIGN_IN_MS });

  const nav = page.getByRole("navigation", { name: MSG.admin.navLabel });
  const links = nav.getByRole("link");
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) {
    const [box, name] = [await link.boundingBox(), await link.textContent()];
    expect(box, name ?? "").not.toBeNull();
    expect(box?.x ?? -1, name ?? "").toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name ?? "").toBeLessThanOrEqual(VIEWPORTS[0].width);
  }
  expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[0].width);

  // The order's card shows its code on one line (one line box), inside the card.
  await page.getByLabel(MSG.admin.orders.searchLabel).fill(shopperEmail);
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  const codeLink = page.locator(".admin-table tbody tr").getByRole("link", { name: code });
  await expect(codeLink).toBeVisible();
  expect(await codeLink.evaluate((element) => element.getClientRects().length)).toBe(1);
  const [linkBox, cardBox] = [await codeLink.boundingBox(), await page.locator(".admin-table tbody tr").first().boundingBox()];
  expect((linkBox?.x ?? 0) + (linkBox?.width ?? 0)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
  await audit(shop, "the admin order list on a phone");
});

test("a shopper gets 403 at /admin, and a guest is sent to sign in", async ({ shop, inbox, request }, testInfo) => {
  const { page } = shop;
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);
  const email = uniqueEmail(testInfo, "admin-shopper");
  await createVerifiedAccount(request, inbox, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, { timeout: SIGN_IN_MS });
  await expect(page.getByRole("heading", { level: 1, name: MSG.admin.forbiddenTitle })).toBeVisible();
  await expect(page.getByText(MSG.admin.operatorsOnly)).toBeVisible();
  for (const path of ["/admin/orders", "/admin/audit", "/admin/orders/MN-AAAA-BBBB", "/admin/orders/MN-AAAA-BBBB/packing-slip"]) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(403);
    expect(refused.headers()["content-type"], path).toContain("text/html");
  }
  const forged = await page.request.post("/admin/orders/MN-AAAA-BBBB", {
    form: { intent: "status", status: "cancelled" },
    headers: { origin: process.env.E2E_BASE_URL ?? "" },
  });
  expect(forged.status()).toBe(403);
  await audit(shop, "the back office's 403");
});
