import type { APIRequestContext } from "@playwright/test";
import type { OrderDetailDto } from "#contract/dto/order.ts";
import type { ReturnDto, ReturnOptionsDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { CLAIM_OUTCOMES, CLAIM_REASONS } from "#contract/returns.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { buyer, createOperator, deliver, placeOrder, productFor, setOrderStatus, shipOrder } from "./order-helpers.ts";

/** The back office's returns and claims, as an operator works them, with JavaScript on and off. */

const T = MSG.adminReturns;
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

/** A fresh operator, signed in on the page at `path`. */
async function operatorAt(shop: Shop, email: string, path: string) {
  await createOperator(email, "Returns Desk", PASSWORD);
  await shop.page.goto(path);
  await expect(shop.page).toHaveURL(/\/signin\?redirectTo=/);
  await signIn(shop.page, email, PASSWORD);
  await expect(shop.page).toHaveURL(path, { timeout: SIGN_IN_MS });
}

/** The shopper registers a return through the API, as the return form does: the first item refunded, the second exchanged. */
async function registerReturn(request: APIRequestContext, headers: Record<string, string>, orderId: number) {
  const options = (await (await request.get(`/api/public/orders/${orderId}/returns/options`, { headers })).json()).data as ReturnOptionsDto;
  const [refunded, exchanged] = options.items;
  const instead = exchanged?.exchange_options.find((option) => option.in_stock);
  if (!refunded || !exchanged || !instead) throw new Error("the order has no item to exchange");
  const registered = await request.post(`/api/public/orders/${orderId}/returns`, {
    headers,
    data: {
      reason: "too_small",
      items: [
        { order_item_id: refunded.order_item_id, quantity: 1, resolution: "refund" },
        { order_item_id: exchanged.order_item_id, quantity: 1, resolution: "exchange", exchange_variant_id: instead.variant_id },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { ret: (await registered.json()).data as ReturnDto, refunded, exchanged, instead };
}

test.describe.configure({ timeout: 150_000 });
test.use({ reducedMotion: "reduce" });

test("an operator receives a return, restocks one item, refunds part of it and ships the exchange with tracking", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "returns-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail);
  const shopper = await buyer(request, shopperEmail);
  const product = await productFor(request, testInfo.project.name === "js" ? 18 : 19, 2);
  const samePrice = product.variants.filter((variant) => variant.extra_price === 0 && variant.stock > 1);
  if (samePrice.length < 3) throw new Error(`${product.name} has too few variants to exchange between`);
  const order = await placeOrder(request, shopper, product, [samePrice[0]?.id ?? 0, samePrice[1]?.id ?? 0]);
  await deliver(order.order_code);
  const { ret, refunded, exchanged, instead } = await registerReturn(request, shopper.headers, order.id);

  await operatorAt(shop, uniqueEmail(testInfo, "returns-ops"), "/admin/returns");
  await expect(page.getByRole("navigation", { name: MSG.admin.navLabel }).getByRole("link", { name: T.title })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel(T.searchLabel).fill(order.order_code);
  await page.getByLabel(T.stateLabel).selectOption("requested");
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  const rows = page.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(shopperEmail);
  await audit(shop, "the admin returns list");
  await page.getByLabel(T.stateLabel).selectOption("refunded");
  await page.getByRole("button", { name: MSG.admin.filter }).click();
  await expect(page.getByText(T.none)).toBeVisible();
  await page.goto(`/admin/returns?q=${order.order_code}`);

  await rows.getByRole("link", { name: ret.code }).click();
  await expect(page.getByRole("heading", { level: 1, name: T.heading("return", ret.code) })).toBeVisible();
  await expect(page.getByRole("link", { name: order.order_code })).toHaveAttribute("href", `/admin/orders/${order.order_code}`);
  await expect(page.getByText(T.exchangeFor(instead.name))).toBeVisible();
  await audit(shop, "a requested return");

  // Forged posts and codes that are not returns are refused, and change nothing.
  const origin = { origin: process.env.E2E_BASE_URL ?? "" };
  const post = (form: Record<string, string>) => page.request.post(`/admin/returns/${ret.code}`, { form, headers: origin });
  expect((await post({ intent: "explode" })).status()).toBe(400);
  expect((await post({ intent: "receive", restock: "first" })).status()).toBe(400);
  expect((await page.request.get("/admin/returns/RT-0000-0000")).status()).toBe(404);
  expect((await page.request.get("/admin/returns/not-a-code")).status()).toBe(400);
  await page.reload();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Requested");

  // A rejection needs the reason the shopper will read.
  const reject = page.getByRole("form", { name: T.rejectTitle });
  await reject.getByRole("button", { name: T.rejectTitle }).click();
  await expect(reject.getByText(T.rejectionRequired)).toBeVisible();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Requested");

  // Received: the refunded item goes back to stock, the exchanged one does not.
  const receive = page.getByRole("form", { name: T.receiveTitle });
  await receive.getByLabel(T.restockLabel(`${refunded.product_name} (${refunded.variant_name}) × 1`)).check();
  await receive.getByRole("button", { name: T.receiveTitle }).click();
  await expect(page.getByText(T.received)).toBeVisible();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Received");
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.locator("tr", { hasText: refunded.variant_name }).first()).toContainText(T.restockedYes);
  await expect(items.locator("tr", { hasText: T.exchangeFor(instead.name) })).toContainText(T.restockedNo);
  expect(exchanged.variant_name).not.toBe(refunded.variant_name);

  // A refund that is not an amount comes back with what was typed; the amount owed goes through.
  const refund = page.getByRole("form", { name: T.refundTitle });
  const amount = refund.getByLabel(T.refundAmountLabel);
  const owed = await amount.inputValue();
  expect(Number(owed)).toBeCloseTo(refunded.unit_paid, 2);
  const paid = (await (await request.get(`/api/public/orders/${order.id}`, { headers: shopper.headers })).json()).data as OrderDetailDto;
  await expect(refund.getByText(T.refundTooMuch(`£${paid.total.toFixed(2)}`))).toBeVisible();
  await amount.fill("twelve pounds");
  await refund.getByRole("button", { name: T.refundTitle }).click();
  await expect(refund.getByText(T.refundAmountInvalid)).toBeVisible();
  await expect(refund.getByLabel(T.refundAmountLabel)).toHaveValue("twelve pounds");
  await audit(shop, "a received return with a refund mistake");
  // Part of what is owed (the shopper wore it): the operator types the amount over the one offered.
  const part = (Math.round(Number(owed) * 50) / 100).toFixed(2);
  await refund.getByLabel(T.refundAmountLabel).fill(part);
  await refund.getByRole("button", { name: T.refundTitle }).click();
  await expect(page.getByText(T.refunded(`£${part}`))).toBeVisible();
  await expect(page.getByRole("region", { name: "Refunds" }).getByRole("definition").first()).toHaveText(`£${part}`);
  await expect(page.getByRole("form", { name: T.refundTitle })).toHaveCount(0);

  // The exchange ships through the order's ship form: mistakes first, then a tracking number.
  const ship = page.getByRole("form", { name: T.shipTitle });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("12-34");
  await ship.getByRole("button", { name: T.shipTitle }).click();
  await expect(ship.getByText(MSG.admin.orders.trackingInvalid)).toBeVisible();
  await expect(ship.getByLabel(MSG.admin.orders.trackingLabel)).toHaveValue("12-34");
  await ship.getByLabel(MSG.admin.orders.carrierLabel).selectOption({ label: "DPD" });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("1550 1234 5678 91");
  await ship.getByRole("button", { name: T.shipTitle }).click();
  await expect(page.getByText(T.shipped)).toBeVisible();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Exchanged");
  await expect(page.getByRole("region", { name: "Shipment" }).getByRole("link", { name: "15501234567891" })).toHaveAttribute(
    "href",
    "https://track.dpd.co.uk/parcels/15501234567891",
  );
  await expect(page.getByText(T.nothingLeft)).toBeVisible();
  await audit(shop, "an exchanged return");

  // The order lists it.
  await page.getByRole("link", { name: order.order_code }).click();
  await expect(
    page.getByRole("region", { name: T.orderReturnsTitle }).getByRole("link", { name: T.heading("return", ret.code) }),
  ).toBeVisible();
});

test("an operator opens a claim for a parcel that never arrived and ships its replacement; mistakes keep what was typed", async ({
  shop,
  inbox,
  request,
}, testInfo) => {
  const { page } = shop;
  const shopperEmail = uniqueEmail(testInfo, "claims-buyer");
  await createVerifiedAccount(request, inbox, shopperEmail);
  const shopper = await buyer(request, shopperEmail);
  const product = await productFor(request, testInfo.project.name === "js" ? 24 : 25, 2);
  const order = await placeOrder(request, shopper, product);
  await setOrderStatus(order.order_code, "processing");
  await shipOrder(order.order_code);

  const here = `/admin/orders/${order.order_code}`;
  await operatorAt(shop, uniqueEmail(testInfo, "claims-ops"), here);
  await expect(page.getByRole("region", { name: T.orderReturnsTitle })).toContainText(T.noOrderReturns);
  const claim = page.getByRole("form", { name: T.claimTitle });
  await claim.getByLabel(T.noteLabel).fill("Called on Monday: the parcel never came.");
  await claim.getByLabel(T.goodsBackLabel).check();
  await claim.getByRole("button", { name: T.claimSubmit }).click();
  await expect(claim.getByText(MSG.returns.nothingChosen)).toBeVisible();
  await expect(claim.getByText(T.claimReasonRequired).last()).toBeVisible();
  await expect(claim.getByText(T.claimOutcomeRequired)).toBeVisible();
  await expect(claim.getByLabel(T.noteLabel)).toHaveValue("Called on Monday: the parcel never came.");
  await expect(claim.getByLabel(T.goodsBackLabel)).toBeChecked();
  await audit(shop, "the claim form with mistakes");

  await claim.getByLabel(/units \(at most 1\)/).fill("1");
  await claim.getByLabel(T.claimReasonLabel).selectOption({ label: CLAIM_REASONS.never_arrived });
  await claim.getByLabel(CLAIM_OUTCOMES.replacement).check();
  await claim.getByLabel(T.goodsBackLabel).uncheck();
  await claim.getByRole("button", { name: T.claimSubmit }).click();

  // Nothing comes back, so the claim waits only for its replacement to ship.
  await expect(page.getByText(T.claimOpened)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/returns\/RT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const code = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await expect(page.getByRole("heading", { level: 1, name: T.heading("claim", code) })).toBeVisible();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Received");
  await expect(page.getByRole("form", { name: T.receiveTitle })).toHaveCount(0);
  await expect(page.getByText("Called on Monday: the parcel never came.")).toBeVisible();
  await audit(shop, "an opened claim");

  const ship = page.getByRole("form", { name: T.shipTitle });
  await ship.getByLabel(MSG.admin.orders.carrierLabel).selectOption({ label: "Royal Mail" });
  await ship.getByLabel(MSG.admin.orders.trackingLabel).fill("AB123456786GB");
  await ship.getByRole("button", { name: T.shipTitle }).click();
  await expect(page.getByText(T.shipped)).toBeVisible();
  await expect(page.locator(".admin-order__header .order-status")).toHaveText("Exchanged");

  await page.goto(`/admin/returns?kind=claim&q=${order.order_code}`);
  await expect(page.locator(".admin-table tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: order.order_code }).click();
  await expect(page.getByRole("region", { name: T.orderReturnsTitle }).getByRole("link", { name: T.heading("claim", code) })).toBeVisible();
});
