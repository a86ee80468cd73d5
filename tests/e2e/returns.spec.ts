import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { returnLabelHref } from "#contract/paths.ts";
import { RETURN_STATE_NAMES } from "#contract/returns.ts";
import { SHOP } from "#contract/shop.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, type Inbox, type Shop, test } from "./fixtures.ts";
import { buyer, type CatalogueProduct, changeShopDatabase, createOperator, deliver, placeOrderOf } from "./order-helpers.ts";

// Each test signs up, places and delivers orders and signs in: many server round trips with password hashes.
test.describe.configure({ timeout: 120_000 });

const DAY_MS = 24 * 60 * 60 * 1000;

/** An operator's API access: the shop's staff create the account with the command line. */
async function operator(request: APIRequestContext, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, "returns-op");
  await createOperator(email, "Rania Returns", PASSWORD);
  const login = await request.post("/api/public/auth/login", { data: { email, password: PASSWORD } });
  return { authorization: `Bearer ${(await login.json()).data.token}` };
}

/** A product this test alone sells, in sizes S, M and L (at one price, unless `extraPrice` says a size costs more), imported as the back office does. */
async function ownProduct(
  request: APIRequestContext,
  testInfo: TestInfo,
  staff: Record<string, string>,
  tag: string,
  extraPrice: Record<string, number> = {},
) {
  const categories = (await (await request.get("/api/public/categories")).json()).data as { name: string }[];
  const sku = `RET-${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`.toUpperCase();
  const variant = (size: string) => ({
    sku: `${sku}-${size}`,
    color: "Ivory",
    colorCode: "#fffff0",
    size,
    stock: 5,
    extraPrice: extraPrice[size] ?? 0,
  });
  const file = {
    products: [
      {
        sku,
        name: `Returnable Kaftan ${sku}`,
        category: categories[0]?.name,
        description: "A kaftan the returns tests sell.",
        price: 80,
        variants: [variant("S"), variant("M"), variant("L")],
      },
    ],
  };
  expect((await request.post("/api/admin/products/import", { headers: staff, data: file })).status()).toBe(201);
  const found = await request.get("/api/admin/products", { headers: staff, params: { q: sku } });
  const id = (await found.json()).data.products[0].id as number;
  return (await (await request.get(`/api/public/products/${id}`)).json()).data as CatalogueProduct;
}

const variantOf = (product: CatalogueProduct, size: string) => {
  const variant = product.variants.find((entry) => entry.size === size);
  if (!variant) throw new Error(`${product.name} has no size ${size}`);
  return variant.id;
};

/** A verified shopper with a saved address, signed in on the page. */
async function signedInShopper(shop: Shop, request: APIRequestContext, inbox: Inbox, testInfo: TestInfo, tag: string) {
  const email = uniqueEmail(testInfo, tag);
  await createVerifiedAccount(request, inbox, email, "Layla Haddad");
  const shopper = await buyer(request, email);
  await shop.visit("/signin");
  await signIn(shop.page, email, PASSWORD);
  await expect(shop.page).toHaveURL("/", { timeout: SIGN_IN_MS });
  return { ...shopper, email };
}

const orderDialog = (page: Page, code: string) => page.getByRole("dialog", { name: `Order #${code}` });
/** The row of the return form for the item in `variantName` (each row is named by its product and variant). */
const itemRow = (page: Page, variantName: string) => page.getByRole("article", { name: new RegExp(`${variantName} ·`) });

test("a shopper returns one item for a refund and exchanges another for another size, prints the label and follows the states in MY ORDERS", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const staff = await operator(request, testInfo);
  const product = await ownProduct(request, testInfo, staff, "X");
  const shopper = await signedInShopper(shop, request, inbox, testInfo, "returner");
  const order = await placeOrderOf(request, shopper, [
    { product, variantId: variantOf(product, "S") },
    { product, variantId: variantOf(product, "M") },
  ]);
  await deliver(order.order_code);

  await shop.visit(`/profile?tab=orders&order=${order.id}`);
  const dialog = orderDialog(page, order.order_code);
  await dialog.getByRole("link", { name: MSG.returns.start }).click();
  await expect(page).toHaveURL(`/orders/${order.id}/return`);
  await expect(page.getByRole("heading", { level: 1, name: MSG.returns.formTitle })).toBeVisible();
  await expectNoViolations(page, "return form", shop.javaScriptEnabled);

  // Nothing chosen: the form says so, and the reason is asked for.
  await page.getByRole("button", { name: MSG.returns.submit }).click();
  await expect(page.getByText(MSG.returns.nothingChosen)).toBeVisible();
  await expect(page.getByText(MSG.returns.reasonRequired)).toBeVisible();

  // An exchange without its size: that row's error, and everything chosen stays.
  const small = itemRow(page, "Ivory / S");
  const medium = itemRow(page, "Ivory / M");
  await small.getByLabel("Quantity to send back").selectOption("1");
  await medium.getByLabel("Quantity to send back").selectOption("1");
  await medium.getByLabel(MSG.returns.resolutionExchange).check();
  await page.getByLabel(MSG.returns.reasonLabel).selectOption({ label: "Too small" });
  await page.getByRole("button", { name: MSG.returns.submit }).click();
  await expect(medium.getByText(MSG.returns.exchangeVariantRequired)).toBeVisible();
  await expect(small.getByLabel("Quantity to send back")).toHaveValue("1");
  await expect(medium.getByLabel(MSG.returns.resolutionExchange)).toBeChecked();
  await expect(page.getByLabel(MSG.returns.reasonLabel)).toHaveValue("too_small");

  await medium.getByLabel(MSG.returns.exchangeVariantLabel).selectOption({ label: "Ivory / L" });
  await page.getByRole("button", { name: MSG.returns.submit }).click();
  await expect(page).toHaveURL(/\/returns\/RT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByText(MSG.returns.registered)).toBeVisible();
  const code = new URL(page.url()).pathname.split("/").pop() ?? "";
  const detail = page.locator(".return-detail");
  await expect(detail.locator(".return-state")).toHaveText(RETURN_STATE_NAMES.requested);
  await expect(detail).toContainText("Ivory / S");
  await expect(detail).toContainText("Exchange for Ivory / L");
  await expectNoViolations(page, "return page", shop.javaScriptEnabled);

  await expect(detail.getByRole("link", { name: MSG.returns.printLabel })).toHaveAttribute("href", returnLabelHref(code));

  // The label, opened from the e-mail's link: the shop's returns address, the code with its barcode, the order and the items.
  const mail = await inbox.text(shopper.email, code);
  const labelLink = new RegExp(`\\S*${returnLabelHref(code)}`).exec(mail)?.[0];
  expect(labelLink, "the registered e-mail links the label").toBeTruthy();
  await shop.visit(labelLink ?? "");
  await expect(page).toHaveURL(returnLabelHref(code));
  const label = page.getByRole("article", { name: MSG.returns.labelTitle });
  await expect(label).toContainText(SHOP.address.line1);
  await expect(label).toContainText(SHOP.address.postalCode);
  await expect(label.locator(".return-label__code-text")).toHaveText(code);
  await expect(label.getByRole("img", { name: `Barcode of ${code}` }).locator("svg path")).not.toHaveCount(0);
  await expect(label).toContainText(`#${order.order_code}`);
  await expect(label.locator("tbody tr")).toHaveCount(2);
  await expectNoViolations(page, "return label", shop.javaScriptEnabled);
  await expect(page.getByRole("button", { name: MSG.returns.printLabel })).toHaveCount(shop.javaScriptEnabled ? 1 : 0);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(label).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // MY ORDERS: the return with its state and label, then each step the shop takes.
  const orderHref = `/profile?tab=orders&order=${order.id}`;
  const entry = dialog.locator(".order-returns__entry").filter({ hasText: code });
  await shop.visit(orderHref);
  await expect(entry.locator(".return-state")).toHaveText(RETURN_STATE_NAMES.requested);
  await expect(entry.getByRole("link", { name: MSG.returns.printLabel })).toHaveAttribute("href", returnLabelHref(code));
  // Both items are in the return: nothing is left to return.
  await expect(dialog.getByRole("link", { name: MSG.returns.start })).toHaveCount(0);

  const step = async (path: string, data: unknown) => {
    const answer = await request.post(`/api/admin/returns/${code}/${path}`, { headers: staff, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()).data as { refund_due: number; items: { id: number; variant_name: string }[] };
  };
  const stockOf = async () => {
    const fresh = (await (await request.get(`/api/admin/products/${product.id}`, { headers: staff })).json()).data as {
      variants: { size: string; stock: number }[];
    };
    return Object.fromEntries(fresh.variants.map((variant) => [variant.size, variant.stock]));
  };
  // Sold one S and one M; the exchange's L is held from stock as soon as the return is registered.
  expect(await stockOf()).toEqual({ S: 4, M: 4, L: 4 });
  const returned = (await (await request.get(`/api/admin/returns/${code}`, { headers: staff })).json()).data as {
    items: { id: number; variant_name: string }[];
  };
  const refundedItem = returned.items.find((item) => item.variant_name === "Ivory / S");
  // The refunded S goes back on sale; the exchanged M does not (say it was worn).
  const received = await step("receive", { restock: [refundedItem?.id] });
  expect(await stockOf()).toEqual({ S: 5, M: 4, L: 4 });
  expect(await inbox.text(shopper.email, `We have received your return ${code}`)).toContain(order.order_code);
  await shop.visit(orderHref);
  await expect(entry.locator(".return-state")).toHaveText(RETURN_STATE_NAMES.received);
  await expect(entry.getByRole("link", { name: MSG.returns.printLabel })).toHaveCount(0);

  expect(received.refund_due).toBe(80);
  await step("refund", { amount: received.refund_due });
  expect(await inbox.text(shopper.email, `We have refunded £80.00 for your return ${code}`)).toContain(order.order_code);
  await step("ship", { carrier: "royal_mail", tracking_number: "AB123456785GB" });
  expect(await inbox.text(shopper.email, `The exchange for your return ${code}`)).toContain("AB123456785GB");
  await shop.visit(orderHref);
  await expect(entry.locator(".return-state")).toHaveText(RETURN_STATE_NAMES.exchanged);
  await expect(dialog.locator(".order-facts")).toContainText("£80.00");

  await entry.getByRole("link", { name: code }).click();
  await expect(page).toHaveURL(`/returns/${code}`);
  await expect(detail).toContainText(MSG.returns.refunded("£80.00"));
  await expect(detail.getByRole("link", { name: "AB123456785GB" })).toBeVisible();
});

test("a shopper exchanges for a dearer size, pays the difference (a declined card stays on the page), then gets the label", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const staff = await operator(request, testInfo);
  const product = await ownProduct(request, testInfo, staff, "D", { L: 10 });
  const shopper = await signedInShopper(shop, request, inbox, testInfo, "dearer-returner");
  const order = await placeOrderOf(request, shopper, [{ product, variantId: variantOf(product, "M") }]);
  await deliver(order.order_code);

  await shop.visit(`/orders/${order.id}/return`);
  const row = itemRow(page, "Ivory / M");
  await row.getByLabel("Quantity to send back").selectOption("1");
  await row.getByLabel(MSG.returns.resolutionExchange).check();
  await expect(row.getByText(MSG.returns.exchangeDifferenceNote)).toBeVisible();
  await row.getByLabel(MSG.returns.exchangeVariantLabel).selectOption({ label: `Ivory / L (${MSG.returns.exchangeCostsMore("£10.00")})` });
  await page.getByLabel(MSG.returns.reasonLabel).selectOption({ label: "Too small" });
  await page.getByRole("button", { name: MSG.returns.submit }).click();
  await expect(page).toHaveURL(/\/returns\/RT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByText(MSG.returns.registeredToPay)).toBeVisible();
  const code = new URL(page.url()).pathname.split("/").pop() ?? "";
  const difference = page.locator(".return-difference");
  await expect(difference).toContainText("£10.00 more");
  // No label until the difference is paid.
  await expect(page.getByRole("link", { name: MSG.returns.printLabel })).toHaveCount(0);
  await expectNoViolations(page, "return page with a difference to pay", shop.javaScriptEnabled);

  // A declined card: the alert stays on the page, the card as typed but the CVV.
  const pay = difference.getByRole("button", { name: MSG.returns.differencePay("£10.00") });
  await difference.getByLabel("Cardholder name").fill("Layla Haddad");
  await difference.getByLabel("Card number").fill("4000 0000 0000 0002");
  await difference.getByLabel("Expiry date").fill("12/30");
  await difference.getByLabel("CVV").fill("123");
  await pay.click();
  await expect(difference.getByRole("alert")).toHaveText(MSG.payment.cardDeclined);
  await expect(difference.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  await expect(difference.getByLabel("Cardholder name")).toHaveValue("Layla Haddad");
  await expect(difference.getByLabel("CVV")).toHaveValue("");

  // A good card pays it: the label is ready on the page and in the e-mail.
  await difference.getByLabel("Card number").fill("4242 4242 4242 4242");
  await difference.getByLabel("CVV").fill("123");
  await pay.click();
  await expect(page.getByText(MSG.returns.differencePaidToast)).toBeVisible();
  await expect(page.getByText(MSG.returns.differencePaid("£10.00"))).toBeVisible();
  await expect(page.locator(".return-detail").getByRole("link", { name: MSG.returns.printLabel })).toHaveAttribute(
    "href",
    returnLabelHref(code),
  );
  expect(await inbox.text(shopper.email, code)).toContain(returnLabelHref(code));
});

test("an order delivered 31 days ago offers no return: the page says why", async ({ shop, page, request, inbox }, testInfo) => {
  const staff = await operator(request, testInfo);
  const product = await ownProduct(request, testInfo, staff, "W");
  const shopper = await signedInShopper(shop, request, inbox, testInfo, "late-returner");
  const order = await placeOrderOf(request, shopper, [{ product, variantId: variantOf(product, "M") }]);
  await deliver(order.order_code);
  const monthAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
  changeShopDatabase((db) => {
    db.prepare("update order_events set created_at = ? where order_id = ? and status = 'delivered'").run(monthAgo, order.id);
  });

  await shop.visit(`/profile?tab=orders&order=${order.id}`);
  await expect(orderDialog(page, order.order_code)).toBeVisible();
  await expect(orderDialog(page, order.order_code).getByRole("link", { name: MSG.returns.start })).toHaveCount(0);

  await shop.visit(`/orders/${order.id}/return`);
  await expect(page.getByText(MSG.returns.windowClosed)).toBeVisible();
  await expect(page.getByRole("button", { name: MSG.returns.submit })).toHaveCount(0);
});

test("a final-sale item says so and cannot be chosen; the other item of the order can", async ({
  shop,
  page,
  request,
  inbox,
}, testInfo) => {
  const staff = await operator(request, testInfo);
  const finalSale = await ownProduct(request, testInfo, staff, "F");
  const returnable = await ownProduct(request, testInfo, staff, "R");
  changeShopDatabase((db) => {
    db.prepare("update products set final_sale = 1 where id = ?").run(finalSale.id);
  });
  const shopper = await signedInShopper(shop, request, inbox, testInfo, "final-sale");
  const order = await placeOrderOf(request, shopper, [
    { product: finalSale, variantId: variantOf(finalSale, "S") },
    { product: returnable, variantId: variantOf(returnable, "S") },
  ]);
  await deliver(order.order_code);

  await shop.visit(`/orders/${order.id}/return`);
  const finalRow = page.getByRole("article", { name: finalSale.name });
  await expect(finalRow.getByText(MSG.returns.finalSale)).toBeVisible();
  await expect(finalRow.getByRole("combobox")).toHaveCount(0);
  const otherRow = page.getByRole("article", { name: returnable.name });
  await expect(otherRow.getByLabel("Quantity to send back")).toBeVisible();
});

test("a visitor opening a return's label is sent to sign in, with the label as the way back", async ({ shop, page }) => {
  const path = returnLabelHref("RT-AAAA-BBBB");
  await shop.visit(path);
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(path)}`);
});
