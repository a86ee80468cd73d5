import { readFileSync } from "node:fs";
import { CARRIERS, trackingUrl } from "#contract/carriers.ts";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { buyer, createOperator, placeOrder, productFor, setOrderStatus, shipOrder } from "./order-helpers.ts";

/** The accounts' export from the orders list, and tracking numbers as links to the carrier, with JavaScript on and off. */

test.describe.configure({ timeout: 120_000 });

/** One CSV line's cells (RFC 4180: a quoted cell may hold commas, its quotes doubled). */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = ""]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
  );
}

const TRACKING = "AB123456785GB";

test("an operator downloads the day's orders as CSV whose totals are the orders', and the shipped one's tracking links to the carrier", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "export-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail, "Hana Export");
  const shopper = await buyer(request, shopperEmail);
  const product = await productFor(request, testInfo.project.name === "js" ? 16 : 17, 2);
  const placed = [await placeOrder(request, shopper, product), await placeOrder(request, shopper, product)];
  const operatorEmail = uniqueEmail(testInfo, "export-ops");
  await createOperator(operatorEmail, "Ops Desk", PASSWORD);

  await page.goto("/admin/orders");
  await signIn(page, operatorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/orders$/, { timeout: SIGN_IN_MS });
  const today = new Date().toISOString().slice(0, 10);
  const exportForm = page.getByRole("region", { name: MSG.admin.orders.exportTitle });
  await exportForm.getByLabel(MSG.admin.orders.exportFrom).fill(today);
  await exportForm.getByLabel(MSG.admin.orders.exportTo).fill(today);
  const downloading = page.waitForEvent("download");
  await exportForm.getByRole("button", { name: MSG.admin.orders.exportSubmit }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const [header, ...lines] = readFileSync((await download.path()) as string, "utf8").split("\r\n");
  expect(header).toBe("code,date,customer,items,subtotal,discount,delivery,total,refunds,status");
  for (const order of placed) {
    const row = lines.map(cellsOf).find((cells) => cells[0] === order.order_code);
    expect(row, `${order.order_code} in the export`).toBeDefined();
    const [, date, customer, items, subtotal, discount, delivery, total, refunds, status] = row as string[];
    expect(date?.startsWith(today)).toBe(true);
    expect(customer).toBe(`Hana Export <${shopperEmail}>`);
    expect(items).toContain(`${product.name} (`);
    expect(total).toBe(order.total.toFixed(2));
    expect(Number(subtotal) - Number(discount) + Number(delivery)).toBeCloseTo(order.total, 2);
    expect([refunds, status]).toEqual(["0.00", "confirmed"]);
  }

  // Dates the export cannot take come back to the list with the reason.
  await page.goto(`/admin/orders.csv?from=${today}&to=2000-01-01`);
  await expect(page).toHaveURL(/\/admin\/orders\?/);
  await expect(page.getByText(MSG.admin.orders.datesReversed).first()).toBeVisible();

  // The shipped order's page links its tracking number to the carrier's page.
  const shipped = placed[0];
  await setOrderStatus(shipped.order_code, "processing");
  await shipOrder(shipped.order_code, "royal_mail", TRACKING);
  await shop.visit(`/admin/orders/${shipped.order_code}`);
  await expect(page.getByRole("link", { name: TRACKING })).toHaveAttribute("href", trackingUrl("royal_mail", TRACKING));
});

test("a shopper's tracking number in MY ORDERS links to the carrier's page", async ({ shop, inbox, request }, testInfo) => {
  const { page } = shop;
  const email = uniqueEmail(testInfo, "tracking-buyer");
  await createVerifiedAccount(request, inbox, email);
  const product = await productFor(request, testInfo.project.name === "js" ? 16 : 17, 2);
  const order = await placeOrder(request, await buyer(request, email), product);
  await setOrderStatus(order.order_code, "processing");
  await shipOrder(order.order_code, "dpd", "15501234567890");

  await shop.visit("/signin");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/", { timeout: SIGN_IN_MS });
  await shop.visit(`/profile?tab=orders&order=${order.id}`);
  const dialog = page.getByRole("dialog", { name: `Order #${order.order_code}` });
  await expect(dialog.getByText(CARRIERS.dpd.name)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "15501234567890" })).toHaveAttribute("href", trackingUrl("dpd", "15501234567890"));
});
