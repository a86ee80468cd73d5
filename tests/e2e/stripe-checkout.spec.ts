import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import getPort from "get-port";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe, webhookTo } from "#api/testing/fake-stripe.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import type { ReturnDto, ReturnOptionsDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { toPaymentStep } from "./checkout-helpers.ts";
import { expect, hydrated, inboxAt, test } from "./fixtures.ts";
import { type Instance, ready, startInstance, stop } from "./instances.ts";
import { shopCliOn } from "./order-helpers.ts";
import { startSmtpInbox } from "./smtp-inbox.ts";

/**
 * Paying through Stripe Checkout, against the local fake of Stripe: a shop of its own runs with
 * PAYMENT_GATEWAY=stripe (the global one runs the test gateway). The card is typed on the provider's page, never
 * the shop's; its Pay posts a plain form, sends the signed completion event to the shop and returns the shopper,
 * so the whole flow works with JavaScript on and off. The shopper's confirmation and the shop's new-order notice
 * (to SHOP_ORDERS_EMAIL) arrive in an SMTP inbox of its own.
 */

const SHOP_ORDERS_EMAIL = "orders-desk@shop.example";

let dir: string;
let stripe: FakeStripe;
let shop: Instance;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "shop-stripe-"));
  smtp = await startSmtpInbox(join(dir, "inbox"));
  stripe = await startFakeStripe();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["SEED_DEMO", "API_BASE_URL", "API_INTERNAL_SECRET", "TRUST_PROXY", "TEST_PG_ADMIN_URL", "MAIL_FROM"])
    delete env[name];
  shop = startInstance(await getPort(), {
    ...env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dir, "shop.db")}`,
    LOG_LEVEL: "warn",
    OUTBOX_DIR: join(dir, "outbox"),
    SMTP_URL: smtp.url,
    SHOP_ORDERS_EMAIL,
    EXCHANGE_RATES_URL: "http://127.0.0.1:9/rates",
    SESSION_SECRET: "stripe-checkout-secret-0123456789abcdef",
    WEB_CONCURRENCY: "1",
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  await ready(shop);
  stripe.state.deliver = webhookTo(`${shop.url}/api/payments/webhooks/stripe`);
});

test.afterAll(async () => {
  await stop(shop);
  await stripe.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new verified shopper of this shop, signed in on the page. */
async function signedInShopper(page: Page, request: APIRequestContext, javaScriptEnabled: boolean, email: string) {
  const signup = await request.post(`${shop.url}/api/public/auth/signup`, {
    data: { name: "Noor Test", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signup.status()).toBe(201);
  const otp = await inboxAt(join(dir, "inbox")).code(email);
  expect((await request.post(`${shop.url}/api/public/otp/verify`, { data: { email, otp } })).status()).toBe(200);
  await page.goto(`${shop.url}/signin`);
  if (javaScriptEnabled) await hydrated(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`${shop.url}/`, { timeout: SIGN_IN_MS });
}

/** A new verified shopper, signed in, with one product in the cart, at the payment step. */
async function atPaymentStep(page: Page, request: APIRequestContext, javaScriptEnabled: boolean, email: string) {
  const visit = async (path: string) => {
    await page.goto(`${shop.url}${path}`);
    if (javaScriptEnabled) await hydrated(page);
  };
  await signedInShopper(page, request, javaScriptEnabled, email);
  const listing = await (await request.get(`${shop.url}/api/public/products?limit=12&stock_status=In%20Stock`)).json();
  const product = (listing.data as ProductSummaryDto[]).find((entry) => entry.variants.some((variant) => variant.stock >= 2));
  if (!product) throw new Error("no product in stock");
  await visit(`/product/${product.token}`);
  await page.locator("main#main").getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  await visit("/cart");
  await toPaymentStep(page);
  return { email, product };
}

test("pays on Stripe's page: no card field in the shop, PayPal unavailable, the order confirmed on the way back to its success page and by e-mail, the shop told", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const { email, product } = await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe"));

  await expect(page.getByRole("link", { name: /PayPal/ })).toContainText(MSG.payment.unavailableTab);
  await expect(page.getByText(MSG.payment.cardOnProvider)).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay Now" }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  const session = stripe.lastSession();
  if (!session) throw new Error("no checkout session opened");
  await expect(page.getByRole("heading", { name: `Pay £${(session.amount_total / 100).toFixed(2)}` })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(new RegExp(`^${shop.url}/order-success\\?order=\\d+$`));
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  const code = session.client_reference_id ?? "no order code";
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.locator(".order-facts")).toContainText("Paid");
  await expect(page.locator(".order-facts")).toContainText(/confirmed/i);
  expect(session.status).toBe("complete");
  // The cart was emptied on the way back.
  await expect(page.getByRole("link", { name: "Cart, empty", exact: true })).toBeVisible();

  const inbox = inboxAt(join(dir, "inbox"));
  const confirmation = await inbox.text(email, `Thank you for your order ${code}.`);
  expect(confirmation).toContain(`Total: £${(session.amount_total / 100).toFixed(2)}`);
  expect(confirmation).toContain("Delivering to: 41 Green Street");
  const notice = await inbox.text(SHOP_ORDERS_EMAIL, `A new order ${code} was placed.`);
  expect(notice).toContain(`Customer: Noor Test <${email}>`);
  expect(notice).toContain(product.name);
});

test("coming back from Stripe's page without paying says so, offers the way back to it, and passes axe at 390 and 1440 px", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe-back"));
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  const session = stripe.lastSession();
  if (!session) throw new Error("no checkout session opened");

  await page.goto(`${shop.url}/checkout/return?session_id=${session.id}`);
  await expect(page.getByText(MSG.payment.notPaidTitle)).toBeVisible();
  await expect(page.getByRole("link", { name: MSG.payment.returnToPayment })).toHaveAttribute("href", session.url ?? "");
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `the checkout return page at ${viewport.width} px`, javaScriptEnabled);
  }
});

/** Units left of a product, as the catalogue API has them (within its freshness bound). */
async function unitsLeft(request: APIRequestContext, productId: number) {
  const listing = await (await request.get(`${shop.url}/api/public/products/bulk?ids=${productId}`)).json();
  const product = (listing.data as ProductSummaryDto[])[0];
  return product.variants.reduce((sum, variant) => sum + variant.stock, 0);
}

/** From the payment step to Stripe's page, then Back: the held page, the session left open. */
async function backFromStripe(page: Page) {
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  const session = stripe.lastSession();
  if (!session) throw new Error("no checkout session opened");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/checkout/held\\?key=[\\w-]+$`));
  await expect(page.getByRole("heading", { name: MSG.payment.heldTitle })).toBeVisible();
  return { session, code: session.client_reference_id ?? "no order code" };
}

test("Back on Stripe's page says the items are held and until when; Pay now returns to the same order's checkout, never a second order", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe-held-pay"));
  const { session, code } = await backFromStripe(page);
  const until = new Date(session.expires_at * 1000).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  });
  await expect(page.getByText(MSG.payment.heldBody(until))).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `the held checkout page at ${viewport.width} px`, javaScriptEnabled);
    await page.screenshot({ path: testInfo.outputPath(`held-${viewport.width}.png`), fullPage: true });
  }

  const sessionsBefore = stripe.sessions.size;
  await page.getByRole("button", { name: new RegExp(`^${MSG.payment.payNow}`) }).click();
  await expect(page).toHaveURL(`${stripe.url}/pay/${session.id}`);
  expect(stripe.sessions.size).toBe(sessionsBefore);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/order-success\\?order=\\d+$`));
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.locator(".order-facts")).toContainText("Paid");
});

test("Back on Stripe's page, then Cancel this order: the stock is back at once, the checkout closed, the cart still holds the item", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const { product } = await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe-held-cancel"));
  const before = await unitsLeft(request, product.id);
  const { session } = await backFromStripe(page);
  await expect.poll(() => unitsLeft(request, product.id)).toBe(before - 1);

  await page.getByRole("button", { name: new RegExp(`^${MSG.payment.cancelOrder}`) }).click();
  await expect(page).toHaveURL(`${shop.url}/cart`);
  await expect(page.getByText(MSG.payment.orderCancelled)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  expect(stripe.sessions.get(session.id)?.status).toBe("expired");
  await expect.poll(() => unitsLeft(request, product.id)).toBe(before);
});

test("MY ORDERS offers Pay now and Cancel this order on an order waiting for payment", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe-orders"));
  const { session, code } = await backFromStripe(page);
  const visitOrders = async () => {
    await page.goto(`${shop.url}/profile?tab=orders`);
    if (javaScriptEnabled) await hydrated(page);
  };
  await visitOrders();
  const row = page.locator(".order-row", { hasText: code });
  await expect(row).toContainText(/Awaiting payment, items held until \d\d:\d\d/);

  await row.getByRole("button", { name: new RegExp(`^${MSG.payment.payNow}`) }).click();
  await expect(page).toHaveURL(`${stripe.url}/pay/${session.id}`);

  await visitOrders();
  await row.getByRole("button", { name: new RegExp(`^${MSG.payment.cancelOrder}`) }).click();
  await expect(page.getByText(MSG.payment.orderCancelled)).toBeVisible();
  await expect(page).toHaveURL(`${shop.url}/profile?tab=orders`);
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button")).toHaveCount(0);
  expect(stripe.sessions.get(session.id)?.status).toBe("expired");
});

test("the cart names an order waiting for payment and offers Pay now and Cancel this order there", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const { product } = await atPaymentStep(page, request, javaScriptEnabled, uniqueEmail(testInfo, "stripe-cart-waiting"));
  const before = await unitsLeft(request, product.id);
  const { session, code } = await backFromStripe(page);
  await page.goto(`${shop.url}/cart`);
  if (javaScriptEnabled) await hydrated(page);
  const notice = page.locator(".cart-notice--waiting");
  await expect(notice).toContainText(
    new RegExp(`Your order ${code} is waiting for payment and holds its items for you until \\d\\d:\\d\\d`),
  );
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `the cart with an order waiting for payment at ${viewport.width} px`, javaScriptEnabled);
    await page.screenshot({ path: testInfo.outputPath(`cart-waiting-${viewport.width}.png`), fullPage: true });
  }

  await notice.getByRole("button", { name: new RegExp(`^${MSG.payment.payNow}`) }).click();
  await expect(page).toHaveURL(`${stripe.url}/pay/${session.id}`);

  await page.goto(`${shop.url}/cart`);
  if (javaScriptEnabled) await hydrated(page);
  await notice.getByRole("button", { name: new RegExp(`^${MSG.payment.cancelOrder}`) }).click();
  await expect(page.getByText(MSG.payment.orderCancelled)).toBeVisible();
  await expect(page).toHaveURL(`${shop.url}/cart`);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  expect(stripe.sessions.get(session.id)?.status).toBe("expired");
  await expect.poll(() => unitsLeft(request, product.id)).toBe(before);
});

test("a delivered order paid on Stripe is refunded in part from the back office: Stripe refunds that amount, the shopper is told", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "stripe-return");
  await atPaymentStep(page, request, javaScriptEnabled, email);
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  const session = stripe.lastSession();
  if (!session) throw new Error("no checkout session opened");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/order-success\\?order=\\d+$`));
  const orderId = Number(new URL(page.url()).searchParams.get("order"));
  const code = session.client_reference_id ?? "no order code";

  // The shop's staff ship and deliver it from the command line, on this shop's database.
  const cli = (args: string[], stdin?: string) => shopCliOn(`file:${join(dir, "shop.db")}`, args, stdin);
  await cli(["order:status", code, "processing"]);
  await cli(["order:ship", code, "--carrier", "royal_mail", "--tracking", "AB123456785GB"]);
  await cli(["order:status", code, "delivered"]);

  // The shopper sends it back as faulty, for a refund.
  const login = await request.post(`${shop.url}/api/public/auth/login`, { data: { email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const options = (await (await request.get(`${shop.url}/api/public/orders/${orderId}/returns/options`, { headers })).json())
    .data as ReturnOptionsDto;
  const item = options.items[0];
  if (!item) throw new Error("the order has no item");
  const registered = await request.post(`${shop.url}/api/public/orders/${orderId}/returns`, {
    headers,
    data: { reason: "faulty", items: [{ order_item_id: item.order_item_id, quantity: 1, resolution: "refund" }] },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const ret = (await registered.json()).data as ReturnDto;

  // An operator receives it and refunds part of what is owed (the item's price and, as it is faulty, the delivery).
  const operator = uniqueEmail(testInfo, "stripe-returns-desk");
  await cli(["operator:create", "--email", operator, "--name", "Returns Desk"], `${PASSWORD}\n${PASSWORD}\n`);
  const returnPage = `${shop.url}/admin/returns/${ret.code}`;
  // The shopper's browser is done: the operator signs in on a browser of their own.
  await page.context().clearCookies();
  await page.goto(`${shop.url}/signin?redirectTo=${encodeURIComponent(`/admin/returns/${ret.code}`)}`);
  if (javaScriptEnabled) await hydrated(page);
  await signIn(page, operator, PASSWORD);
  await expect(page).toHaveURL(returnPage, { timeout: SIGN_IN_MS });
  const receive = page.getByRole("form", { name: MSG.adminReturns.receiveTitle });
  await receive.getByRole("button", { name: MSG.adminReturns.receiveTitle }).click();
  await expect(page.getByText(MSG.adminReturns.received)).toBeVisible();
  const refund = page.getByRole("form", { name: MSG.adminReturns.refundTitle });
  const owed = Number(await refund.getByLabel(MSG.adminReturns.refundAmountLabel).inputValue());
  expect(Math.round(owed * 100)).toBe(session.amount_total);
  const partPence = Math.round(session.amount_total / 2);
  const part = `£${(partPence / 100).toFixed(2)}`;
  await refund.getByLabel(MSG.adminReturns.refundAmountLabel).fill((partPence / 100).toFixed(2));
  await refund.getByRole("button", { name: MSG.adminReturns.refundTitle }).click();
  await expect(page.getByText(MSG.adminReturns.refunded(part))).toBeVisible();

  // Stripe gave back exactly that, once, on this payment.
  const paid = stripe.sessions.get(session.id);
  expect(stripe.refunds.filter((each) => each.payment_intent === paid?.payment_intent).map((each) => each.amount)).toEqual([partPence]);
  const mail = await inboxAt(join(dir, "inbox")).text(email, `We have refunded ${part} for your return ${ret.code}`);
  expect(mail).toContain(code);
});

test("an exchange for a dearer size is paid on Stripe's page: back on the return's page the difference reads paid and the label is ready", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "stripe-exchange");
  await signedInShopper(page, request, javaScriptEnabled, email);
  const cli = (args: string[], stdin?: string) => shopCliOn(`file:${join(dir, "shop.db")}`, args, stdin);

  // A kaftan whose L costs £10 more, bought in M on Stripe's page (through the API) and delivered.
  const sku = `STRIPE-EXCHANGE-${testInfo.project.name}-${Date.now()}`.toUpperCase();
  const categories = (await (await request.get(`${shop.url}/api/public/categories`)).json()).data as { name: string }[];
  const variant = (size: string, extraPrice: number) => ({
    sku: `${sku}-${size}`,
    color: "Ivory",
    colorCode: "#fffff0",
    size,
    stock: 5,
    extraPrice,
  });
  const file = join(dir, `${sku}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      products: [
        {
          sku,
          name: `Exchange Kaftan ${sku}`,
          category: categories[0]?.name,
          description: "A kaftan the exchange test sells.",
          price: 80,
          variants: [variant("M", 0), variant("L", 10)],
        },
      ],
    }),
  );
  await cli(["products:import", file]);
  const found = (await (await request.get(`${shop.url}/api/public/products?search=${sku}`)).json()).data as ProductSummaryDto[];
  const product = (await (await request.get(`${shop.url}/api/public/products/${found[0]?.id}`)).json()).data as {
    id: number;
    variants: { id: number; size: string }[];
  };
  const medium = product.variants.find((entry) => entry.size === "M")?.id;
  const login = await request.post(`${shop.url}/api/public/auth/login`, { data: { email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const address = await request.post(`${shop.url}/api/public/addresses`, {
    headers,
    data: { label: "Home", line1: "41 Green Street", city: "London", postal_code: "E7 8DA", phone: "07700900123" },
  });
  expect(address.status(), await address.text()).toBe(201);
  const opened = await request.post(`${shop.url}/api/payments/checkout-sessions`, {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: {
      cart: { items: [{ productId: product.id, variantId: medium, quantity: 1 }] },
      address: { id: (await address.json()).data.id },
      shipping: { method: 1 },
      payment: { method: "credit_card" },
      returnUrl: `${shop.url}/checkout/return`,
      cancelUrl: `${shop.url}/checkout/held`,
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const order = (await opened.json()).data.order as { id: number; order_code: string };
  await stripe.pay(stripe.lastSession()?.id ?? "");
  await cli(["order:status", order.order_code, "processing"]);
  await cli(["order:ship", order.order_code, "--carrier", "royal_mail", "--tracking", "AB123456785GB"]);
  await cli(["order:status", order.order_code, "delivered"]);

  // The shopper asks for the L instead, and is asked for the difference before the label.
  await page.goto(`${shop.url}/orders/${order.id}/return`);
  if (javaScriptEnabled) await hydrated(page);
  const row = page.getByRole("article", { name: /Ivory \/ M ·/ });
  await row.getByLabel("Quantity to send back").selectOption("1");
  await row.getByLabel(MSG.returns.resolutionExchange).check();
  await row.getByLabel(MSG.returns.exchangeVariantLabel).selectOption({ label: `Ivory / L (${MSG.returns.exchangeCostsMore("£10.00")})` });
  await page.getByLabel(MSG.returns.reasonLabel).selectOption({ label: "Too small" });
  await page.getByRole("button", { name: MSG.returns.submit }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/returns/RT-[A-Z0-9]{4}-[A-Z0-9]{4}$`));
  const returnUrl = page.url();
  const difference = page.locator(".return-difference");
  await expect(difference.getByText(MSG.returns.differenceOnProvider)).toBeVisible();
  await expect(difference.getByLabel("Card number")).toHaveCount(0);
  await difference.getByRole("button", { name: MSG.returns.differencePay("£10.00") }).click();

  // Stripe's page charges the difference alone; its Pay brings the shopper back to the return.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  await expect(page.getByRole("heading", { name: "Pay £10.00" })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`^${returnUrl}\\?session_id=cs_test_\\w+$`));
  await expect(page.getByText(MSG.returns.differencePaid("£10.00"))).toBeVisible();
  const code = new URL(returnUrl).pathname.split("/").pop() ?? "";
  await expect(page.locator(".return-detail").getByRole("link", { name: MSG.returns.printLabel })).toBeVisible();
  expect(await inboxAt(join(dir, "inbox")).text(email, code)).toContain(`/returns/${code}/label`);
});
