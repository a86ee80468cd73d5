import { pounds } from "#app/features/orders/orders.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { buyer, changeShopDatabase, createOperator, placeOrder, productFor } from "./order-helpers.ts";

/** The back office's dashboard and audit log, as an operator starts the day with them, with JavaScript on and off. */

const T = MSG.adminDashboard;

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

/** Today's sales (the UTC day) counted straight from the database: orders not cancelled whose money was taken or held. */
const todaysSales = () =>
  changeShopDatabase(
    (db) =>
      db
        .prepare(
          `SELECT count(*) AS orders, coalesce(sum(total_pence), 0) AS pence FROM orders
           WHERE created_at >= ? AND status <> 'cancelled' AND payment_status IN ('authorised', 'paid')`,
        )
        .get(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`) as { orders: number; pence: number },
  );

test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: "reduce" });

test("an operator signs in on the dashboard, finds the day's orders in its figures, ships one from 'to ship' and reads it in the audit log", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "dash-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail);
  const shopper = await buyer(request, shopperEmail);
  const product = await productFor(request, testInfo.project.name === "js" ? 30 : 31, 2);
  const { order_code: code } = await placeOrder(request, shopper, product);
  await placeOrder(request, shopper, product);
  const operatorEmail = uniqueEmail(testInfo, "dash-ops");
  await createOperator(operatorEmail, "Morning Desk", PASSWORD);

  // Signing in with no page to return to lands an operator on the dashboard.
  await page.goto("/signin");
  await signIn(page, operatorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, { timeout: SIGN_IN_MS });
  await expect(page.getByRole("heading", { level: 1, name: T.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: MSG.admin.navLabel }).getByRole("link", { name: T.navLabel })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Today's figures are the day's orders, this test's two among them (other tests place orders meanwhile: read
  // the database before and after the page, and compare when nothing came between).
  const today = page.getByRole("region", { name: T.periodName(1) });
  const figure = (label: string) =>
    today
      .locator(".dashboard-figures > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator(".dashboard-figures__value");
  await expect(async () => {
    const before = todaysSales();
    await page.reload();
    const after = todaysSales();
    expect(after).toEqual(before);
    expect(after.orders).toBeGreaterThanOrEqual(2);
    await expect(figure(T.orders)).toHaveText(String(after.orders), { timeout: 1_000 });
    await expect(figure(T.revenue)).toHaveText(pounds(toGbp(after.pence)), { timeout: 1_000 });
    await expect(figure(T.average)).toHaveText(pounds(toGbp(Math.round(after.pence / after.orders))), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: T.chartTitle })).toBeVisible();
  await expect(page.getByText(T.returnsToReceive)).toBeVisible();
  await audit(shop, "the dashboard");

  // What waits on someone leads to its items, payments and e-mails each in a list of their own.
  await page.getByRole("listitem").filter({ hasText: T.emailsFailed }).getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/waiting#emails$/);
  await expect(page.getByRole("heading", { level: 1, name: T.waitingTitle })).toBeVisible();
  await expect(page.getByRole("region", { name: T.waitingPaymentsTitle })).toBeVisible();
  await expect(page.getByRole("region", { name: T.waitingEmailsTitle })).toBeVisible();
  await audit(shop, "what waits");
  await page.goto("/admin");

  // "To ship" leads to the orders waiting, this test's among them; it ships.
  await page.getByRole("link", { name: /orders? to ship$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=to_ship$/);
  await expect(page.getByLabel(MSG.admin.orders.statusLabel)).toHaveValue("to_ship");
  await page.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${code}` })).toBeVisible();
  await page.getByRole("button", { name: MSG.admin.orders.moveTo("processing") }).click();
  const ship = page.getByRole("form", { name: MSG.admin.orders.ship });
  await ship.getByLabel(MSG.admin.orders.carrierLabel).selectOption({ label: "DPD" });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("1550 1234 5678 90");
  await ship.getByRole("button", { name: MSG.admin.orders.ship }).click();
  await expect(page.getByRole("region", { name: "Shipment" }).getByRole("link", { name: "15501234567890" })).toBeVisible();

  // The audit log shows the change: who, what, and the order's state before and after.
  await page.getByRole("navigation", { name: MSG.admin.navLabel }).getByRole("link", { name: MSG.adminAudit.navLabel }).click();
  await expect(page.getByRole("heading", { level: 1, name: MSG.adminAudit.title })).toBeVisible();
  await page.getByLabel(MSG.adminAudit.actorLabel).selectOption(operatorEmail);
  await page.getByLabel(MSG.adminAudit.actionLabel).selectOption("order.status");
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  await expect(page).toHaveURL(/[?&]action=order\.status/);
  const rows = page.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(2);
  const shipped = rows.first();
  await expect(shipped).toContainText(code);
  await expect(shipped).toContainText(operatorEmail);
  await expect(shipped.locator(".audit-change__before").first()).toHaveText(`${MSG.adminAudit.before}: processing`);
  await expect(shipped.locator(".audit-change__after").first()).toHaveText(`${MSG.adminAudit.after}: shipped`);
  await expect(rows.last().locator(".audit-change__before").first()).toHaveText(`${MSG.adminAudit.before}: confirmed`);
  await audit(shop, "the audit log");

  // Filters it cannot read are shown back with their reasons.
  await page.goto("/admin/audit?from=2026-13-40&action=Drop");
  await expect(page.getByRole("alert").filter({ hasText: MSG.admin.orders.badDate })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: MSG.adminAudit.badAction })).toBeVisible();
});
