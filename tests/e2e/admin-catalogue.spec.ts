import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, type Shop, test } from "./fixtures.ts";
import { buyer, type CatalogueProduct, deliver, placeOrder } from "./order-helpers.ts";

const T = MSG.adminCatalogue;

/** An operator made with `operator:create`, the password typed twice on standard input, as the shop's staff do. */
function createOperator(email: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("No e2e database: the global setup starts the server (not with E2E_BASE_URL set)");
  const made = spawnSync(process.execPath, ["scripts/shop-cli.ts", "operator:create", "--email", email, "--name", "Olive Operator"], {
    env: { ...process.env, DATABASE_URL: `file:${join(dataDir, "shop.db")}` },
    input: `${PASSWORD}\n${PASSWORD}\n`,
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
}

/** A fresh operator, signed in through the shop's sign-in page on the way to `path`. */
async function operatorAt(shop: Shop, testInfo: TestInfo, path: string) {
  const email = uniqueEmail(testInfo, "operator");
  createOperator(email);
  await shop.page.goto(path);
  await expect(shop.page).toHaveURL(/\/signin\?redirectTo=/);
  await signIn(shop.page, email, PASSWORD);
  await expect(shop.page).toHaveURL(path, { timeout: SIGN_IN_MS });
  return email;
}

/** One product of the demo catalogue's first category, as a `products:import` file holds it; its SKU is unique to the run. */
async function importFile(request: APIRequestContext, testInfo: TestInfo, tag: string) {
  const categories = (await (await request.get("/api/public/categories")).json()).data as { name: string }[];
  const sku = `E2E-${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`.toUpperCase();
  const product = {
    sku,
    name: `Atelier Kaftan ${sku}`,
    category: categories[0]?.name,
    description: "A kaftan made for the back office's tests.",
    price: 80,
    variants: [
      { sku: `${sku}-S`, color: "Ivory", colorCode: "#fffff0", size: "S", stock: 4 },
      { sku: `${sku}-M`, color: "Ivory", colorCode: "#fffff0", size: "M", stock: 6 },
    ],
  };
  return { sku, name: product.name, file: { products: [product] } };
}

const upload = (page: Page, body: unknown) =>
  page
    .getByLabel(T.importFileLabel)
    .setInputFiles({ name: "products.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(body)) });

test.describe("the back office's catalogue", () => {
  test.describe.configure({ timeout: 90_000 });

  test("imports products from a file (listing every problem), finds one, edits its price and stock, and the shop shows it", async ({
    shop,
    page,
    request,
  }, testInfo) => {
    await operatorAt(shop, testInfo, "/admin/products");
    await expectNoViolations(page, "admin products", shop.javaScriptEnabled);
    const { sku, name, file } = await importFile(request, testInfo, "P");

    const broken = { products: [{ ...file.products[0], category: "No Such Category", price: -5 }] };
    await upload(page, broken);
    await page.getByRole("button", { name: T.importSubmit }).click();
    const problems = page.locator(".admin-problems li");
    await expect(problems).toHaveCount(2);
    await expect(problems).toContainText([/price/, /no category named "No Such Category"/]);

    await upload(page, file);
    await page.getByRole("button", { name: T.importSubmit }).click();
    await expect(page.getByText(T.imported(1))).toBeVisible();

    await page.getByLabel(T.searchLabel).fill(sku.toLowerCase());
    await page.getByRole("button", { name: MSG.admin.filter }).click();
    await expect(page).toHaveURL(/q=/);
    const rows = page.locator(".admin-table tbody tr");
    await expect(rows).toHaveCount(1);
    await rows.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectNoViolations(page, "admin product", shop.javaScriptEnabled);

    await page.getByLabel(T.priceLabel).fill("150");
    await page.getByLabel(T.originalPriceLabel).fill("120");
    await page.getByRole("button", { name: T.save }).click();
    await expect(page.getByText(T.originalBelowPrice)).toBeVisible();
    await expect(page.getByLabel(T.priceLabel)).toHaveValue("150");

    await page.getByLabel(T.priceLabel).fill("64.50");
    await page.getByLabel(T.originalPriceLabel).fill("80");
    await page.getByLabel(T.stockLabel("Ivory / S")).fill("9");
    await expect(page.getByLabel(T.finalSaleLabel)).not.toBeChecked();
    await page.getByLabel(T.finalSaleLabel).check();
    await page.getByRole("button", { name: T.save }).click();
    await expect(page.getByText(T.productUpdated)).toBeVisible();
    await expect(page.getByLabel(T.priceLabel)).toHaveValue("64.50");
    await expect(page.getByLabel(T.finalSaleLabel)).toBeChecked();
    await expect(page.getByText(`${T.columns.stock}: 15`)).toBeVisible();

    await page.getByRole("link", { name: T.viewInShop }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator(".product-info")).toContainText("£64.50");
    // The shopper reads that it is final sale before adding it to the bag, and again in its returns section.
    await expect(page.locator(".product-info__final-sale")).toHaveText(MSG.returns.finalSale);
    const returnsSection = page.locator("details.accordion", { hasText: "Return and Exchanges" });
    await returnsSection.locator("summary").click();
    await expect(returnsSection).toContainText(MSG.returns.finalSale);
  });

  test("creates a promo code (refusing broken rules on their fields) and disables it", async ({ shop, page }, testInfo) => {
    await operatorAt(shop, testInfo, "/admin/promos");
    await expectNoViolations(page, "admin promos", shop.javaScriptEnabled);
    const code = `E2E${testInfo.project.name === "js" ? "J" : "N"}${Date.now() % 1_000_000_000}`;
    await page.getByLabel(T.promoFields.code, { exact: true }).fill(code);
    await page.getByLabel(T.promoFields.value).fill("150");
    await page.getByRole("button", { name: T.createPromo }).click();
    await expect(page.getByText("a percentage must be a whole number from 1 to 100")).toBeVisible();
    await expect(page.getByLabel(T.promoFields.code, { exact: true })).toHaveValue(code);

    await page.getByLabel(T.promoFields.value).fill("15");
    await page.getByLabel(T.promoFields.usageLimit).fill("40");
    await page.getByRole("button", { name: T.createPromo }).click();
    await expect(page.getByText(T.promoCreated(code))).toBeVisible();
    const row = page.locator(".admin-table tbody tr", { hasText: code });
    await expect(row).toContainText("15%");
    await expect(row).toContainText("0 / 40");
    await expect(row).toContainText(T.active);

    await row.getByRole("button", { name: `${T.disable} ${code}` }).click();
    await expect(page.getByText(T.promoDisabled(code))).toBeVisible();
    await expect(page.locator(".admin-table tbody tr", { hasText: code })).toContainText(T.inactive);
  });

  test("hides a review, which leaves the product page", async ({ shop, page, request, inbox }, testInfo) => {
    const operatorEmail = uniqueEmail(testInfo, "op-import");
    createOperator(operatorEmail);
    const login = await request.post("/api/public/auth/login", { data: { email: operatorEmail, password: PASSWORD } });
    const operatorHeaders = { authorization: `Bearer ${(await login.json()).data.token}` };
    const { file } = await importFile(request, testInfo, "R");
    expect((await request.post("/api/admin/products/import", { headers: operatorHeaders, data: file })).status()).toBe(201);
    const found = await request.get("/api/admin/products", { headers: operatorHeaders, params: { q: file.products[0]?.sku ?? "" } });
    const productId = (await found.json()).data.products[0].id as number;
    const product = (await (await request.get(`/api/public/products/${productId}`)).json()).data as CatalogueProduct;

    const shopperEmail = uniqueEmail(testInfo, "reviewer");
    await createVerifiedAccount(request, inbox, shopperEmail);
    const shopper = await buyer(request, shopperEmail);
    const order = await placeOrder(request, shopper, product);
    await deliver(order.order_code);
    const comment = `Not for the shop ${Date.now()}`;
    const created = await request.post("/api/public/reviews", {
      headers: shopper.headers,
      data: { product_id: product.id, order_id: order.id, rating: 1, comment },
    });
    expect(created.status()).toBe(201);
    await shop.visit(`/product/${product.token}`);
    await expect(page.getByText(comment)).toBeVisible();

    await operatorAt(shop, testInfo, `/admin/reviews?product=${product.id}`);
    await expectNoViolations(page, "admin reviews", shop.javaScriptEnabled);
    const row = page.locator(".admin-table tbody tr", { hasText: comment });
    await row.getByRole("button", { name: T.hide }).click();
    await expect(page.getByText(T.reviewHidden)).toBeVisible();
    await expect(page).toHaveURL(`/admin/reviews?product=${product.id}`);
    await expect(row).toContainText(T.hidden);

    await shop.visit(`/product/${product.token}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(comment)).toHaveCount(0);
  });

  test("marks a contact message handled", async ({ shop, page, request }, testInfo) => {
    const text = `Where is my parcel? ${testInfo.project.name} ${Date.now()}`;
    const sent = await request.post("/api/public/contact", {
      data: { firstName: "Amira", lastName: "Khan", email: "amira@example.com", subject: "General Inquiry", message: text },
    });
    expect(sent.status()).toBe(201);
    const email = await operatorAt(shop, testInfo, "/admin/messages");
    await expectNoViolations(page, "admin messages", shop.javaScriptEnabled);
    const row = page.locator(".admin-table tbody tr", { hasText: text });
    await row.getByRole("button", { name: T.markHandled }).click();
    await expect(page.getByText(T.messageHandled)).toBeVisible();
    await expect(page.locator(".admin-table tbody tr", { hasText: text })).toContainText(`Handled by ${email}`);
  });

  test("downloads the newsletter list as CSV", async ({ shop, page, request }, testInfo) => {
    const subscriber = uniqueEmail(testInfo, "newsletter");
    expect((await request.post("/api/public/subscribe", { data: { email: subscriber } })).status()).toBeLessThan(300);
    await operatorAt(shop, testInfo, "/admin/subscribers");
    await expectNoViolations(page, "admin subscribers", shop.javaScriptEnabled);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: T.exportCsv }).click()]);
    expect(download.suggestedFilename()).toBe("subscribers.csv");
    const csv = readFileSync((await download.path()) as string, "utf8");
    expect(csv.split("\r\n")[0]).toBe("email,subscribed_at");
    expect(csv).toContain(`${subscriber},`);
    const direct = await page.request.get("/admin/subscribers.csv");
    expect(direct.headers()["content-disposition"]).toBe('attachment; filename="subscribers.csv"');
    expect(direct.headers()["cache-control"]).toBe("private, no-store");
  });

  test("answers forged, malformed and oversized posts with a 4xx", async ({ shop, page }, testInfo) => {
    await operatorAt(shop, testInfo, "/admin/reviews");
    const headers = { origin: process.env.E2E_BASE_URL ?? "" };
    const post = (path: string, options: Parameters<typeof page.request.post>[1]) =>
      page.request.post(path, { ...options, headers: { ...headers, ...options?.headers }, maxRedirects: 0 });
    expect((await post("/admin/reviews", { form: { reviewId: "1 OR 1=1" } })).status()).toBe(400);
    expect((await post("/admin/messages", { form: { messageId: "-3" } })).status()).toBe(400);
    expect((await post("/admin/promos", { form: { intent: "disable", code: "x".repeat(500) } })).status()).toBe(400);
    const file = (body: string) => ({ file: { name: "products.json", mimeType: "application/json", buffer: Buffer.from(body) } });
    expect((await post("/admin/reviews", { multipart: file("{}") })).status()).toBe(400);
    expect((await post("/admin/products", { multipart: file("x".repeat(70 * 1024)) })).status()).toBe(413);
    const notJson = await post("/admin/products", { multipart: file("{not json") });
    expect(notJson.status()).toBe(400);
    expect(await notJson.text()).toContain(T.importNotJson);
    expect((await post("/admin/products", { data: { products: [] } })).status()).toBe(400);
  });

  test("every catalogue page of the back office passes axe on a phone", async ({ shop, page, request }, testInfo) => {
    const listing = await (await request.get("/api/public/products?limit=1")).json();
    const productId = (listing.data as { id: number }[])[0]?.id;
    await operatorAt(shop, testInfo, "/admin/products");
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      "/admin/products",
      `/admin/products/${productId}`,
      "/admin/promos",
      "/admin/reviews",
      "/admin/messages",
      "/admin/subscribers",
    ]) {
      await shop.visit(path);
      await expectNoViolations(page, `${path} at 390 px`, shop.javaScriptEnabled);
    }
  });
});
