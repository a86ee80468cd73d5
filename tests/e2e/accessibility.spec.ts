import { randomInt } from "node:crypto";
import type { APIRequestContext, BrowserContextOptions } from "@playwright/test";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { IDEMPOTENCY_KEY_HEADER } from "#contract/schemas/checkout.ts";
import { createVerifiedAccount, honeypotFields, PASSWORD, uniqueEmail } from "./account-helpers.ts";
import { expectNoViolations } from "./axe.ts";
import { test as base, expect, type Shop, sharedInbox } from "./fixtures.ts";
import { deliver } from "./order-helpers.ts";

/** Every screen is audited at a phone's width and a desktop's: contrast, target sizes and layout differ. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** What the pages need from the seeded catalogue. */
interface Catalogue {
  product: ProductSummaryDto;
  category: string;
}

/** A signed-in shopper with one delivered order, one saved address and one wishlist item, made once per worker. */
interface Customer {
  storageState: NonNullable<BrowserContextOptions["storageState"]>;
  orderId: number;
  addressId: number;
}

/** A seeded product with stock in the variant the detail page selects by itself. */
async function productInStock(request: APIRequestContext): Promise<ProductSummaryDto> {
  const listing = await (await request.get("/api/public/products?limit=12&stock_status=In%20Stock")).json();
  const product = (listing.data as ProductSummaryDto[]).find((item) => item.variants.some((variant) => variant.stock >= 2));
  if (!product) throw new Error("the seeded catalogue has no product in stock");
  return product;
}

/** Signs up through the API, saves an address, pays for one item and keeps one in the wishlist, then signs in by the form. */
async function createCustomer(request: APIRequestContext, email: string, product: ProductSummaryDto): Promise<Customer> {
  await createVerifiedAccount(request, sharedInbox(), email);
  const login = await (await request.post("/api/public/auth/login", { data: { email, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${login.data.token}` };
  const address = await request.post("/api/public/addresses", {
    headers,
    data: { label: "Home", line1: "41 Green Street", city: "London", postal_code: "E7 8DA", phone: "07700 900123", is_default: true },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const addressId: number = (await address.json()).data.id;
  const variant = product.variants.find((item) => item.stock >= 2);
  const payment = await request.post("/api/payments/process", {
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `audit-${Date.now()}` },
    data: {
      cart: { items: [{ productId: product.id, variantId: variant?.id, quantity: 1 }] },
      address: { id: addressId },
      shipping: { method: 1 },
      payment: { method: "paypal" },
    },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const order: { id: number; order_code: string } = (await payment.json()).data;
  const orderId = order.id;
  // Delivered, so the order's dialog offers its items for review.
  await deliver(order.order_code);
  const wishlist = await request.post("/api/public/wishlist", { headers, data: { product_id: product.id } });
  expect(wishlist.ok(), await wishlist.text()).toBe(true);

  const form = { intent: "login", email, password: PASSWORD, ...(await honeypotFields(request, "/signin")) };
  const signIn = await request.post("/signin", { form, headers: { origin: process.env.E2E_BASE_URL ?? "" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
  return { storageState: await request.storageState(), orderId, addressId };
}

const test = base.extend<{ catalogue: Catalogue }, { customer: Customer }>({
  catalogue: async ({ request }, use) => {
    const categories = await (await request.get("/api/public/categories?status=Active")).json();
    await use({ product: await productInStock(request), category: categories.data[0].name });
  },
  customer: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: process.env.E2E_BASE_URL,
        // A shopper of its own for the per-IP limits, as fixtures.ts gives each test.
        extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
      });
      const customer = await createCustomer(request, uniqueEmail(workerInfo, "audit"), await productInStock(request));
      await request.dispose();
      await use(customer);
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

// Audits see each component at rest: a half-faded text is not the colour it ends as.
test.use({ reducedMotion: "reduce" });
// Each test audits its screen at two widths, a full axe run each: slower than one interaction.
test.describe.configure({ timeout: 90_000 });

/** Audits the open page at each width (or at those given). */
async function audit(shop: Shop, label: string, viewports: readonly { width: number; height: number }[] = VIEWPORTS) {
  for (const viewport of viewports) {
    await shop.page.setViewportSize(viewport);
    await expectNoViolations(shop.page, `${label} at ${viewport.width} px`, shop.javaScriptEnabled);
  }
}

async function addToCart(shop: Shop, product: ProductSummaryDto) {
  await shop.visit(`/product/${product.token}`);
  await shop.main.getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click();
  await expect(shop.header.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
}

/** The screens anyone may open, by name, with how to reach them. */
const PUBLIC_SCREENS: { name: string; path: (catalogue: Catalogue) => string; status?: number }[] = [
  { name: "home", path: () => "/" },
  { name: "listing", path: () => "/products" },
  {
    name: "listing with filters",
    path: ({ category }) =>
      `/products?${new URLSearchParams([
        ["category", category],
        ["size", "M"],
        ["stock_status", "In Stock"],
        ["min_price", "50"],
        ["max_price", "200"],
      ])}`,
  },
  { name: "listing without results", path: () => "/products?search=no-such-garment-anywhere" },
  { name: "product page", path: ({ product }) => `/product/${product.token}` },
  { name: "categories", path: () => "/categories" },
  { name: "empty cart", path: () => "/cart" },
  ...[
    "/getting-started",
    "/payment-terms",
    "/terms-of-services",
    "/privacy-policy",
    "/return-exchanges",
    "/need-support",
    "/contact",
    "/about",
  ].map((path) => ({ name: path, path: () => path })),
  { name: "currency page", path: () => `/currency?redirectTo=${encodeURIComponent("/products")}` },
  { name: "unsubscribe", path: () => `/unsubscribe?token=${"0".repeat(32)}` },
  { name: "404", path: () => "/no-such-page", status: 404 },
];

for (const { name, path, status } of PUBLIC_SCREENS) {
  test(`signed out: ${name}`, async ({ shop, catalogue }) => {
    await shop.visit(path(catalogue), { status });
    await audit(shop, name);
  });
}

for (const path of ["/signin", "/signup", "/email-verification?email=a%40example.com", "/otp-verification?email=a%40example.com"]) {
  test(`signed out: ${path}`, async ({ shop }) => {
    await shop.visit(path);
    await audit(shop, path);
  });
}

test("signed out: sign-in errors", async ({ shop }) => {
  await shop.visit("/signin");
  await shop.page.getByRole("button", { name: "Login" }).click();
  await expect(shop.page.getByText(MSG.auth.fillAllFields).first()).toBeVisible();
  await audit(shop, "/signin with errors");
});

/** The mobile menu exists below the desktop layout only: it is audited open at a phone's width. */
async function auditOpenMobileMenu(shop: Shop, label: string) {
  await shop.page.setViewportSize(VIEWPORTS[0]);
  await shop.visit("/");
  await shop.header.locator(".mobile-menu > summary").click();
  await expect(shop.page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await audit(shop, label, [VIEWPORTS[0]]);
}

test("signed out: the currency picker open (the currency page without JavaScript)", async ({ shop }) => {
  await shop.visit("/products");
  await shop.currencyPicker.click();
  await expect(shop.currencyChoice("GBP")).toBeVisible();
  await audit(shop, "the currency picker");
});

test("signed out: the mobile menu open", async ({ shop }) => {
  await auditOpenMobileMenu(shop, "the mobile menu");
});

test("signed out: cart with an item", async ({ shop, catalogue }) => {
  await addToCart(shop, catalogue.product);
  await shop.visit("/cart");
  await audit(shop, "the cart with an item");
});

test.describe("signed in", () => {
  test.use({ storageState: async ({ customer }, use) => use(customer.storageState) });

  for (const { name, path, status } of PUBLIC_SCREENS) {
    test(name, async ({ shop, catalogue }) => {
      await shop.visit(path(catalogue), { status });
      await audit(shop, name);
    });
  }

  const accountScreens: { name: string; path: (customer: Customer) => string }[] = [
    { name: "wishlist", path: () => "/wishlist" },
    { name: "MY ORDERS", path: () => "/profile?tab=orders" },
    { name: "an order's dialog", path: ({ orderId }) => `/profile?tab=orders&order=${orderId}` },
    { name: "ACCOUNT DETAILS", path: () => "/profile?tab=account" },
    { name: "order success", path: ({ orderId }) => `/order-success?order=${orderId}` },
  ];
  for (const { name, path } of accountScreens) {
    test(name, async ({ shop, customer }) => {
      await shop.visit(path(customer));
      await audit(shop, name);
    });
  }

  test("an order's review form, sent without a rating", async ({ shop, customer }) => {
    await shop.visit(`/profile?tab=orders&order=${customer.orderId}`);
    const dialog = shop.page.getByRole("dialog");
    await dialog.getByText(MSG.reviews.write).click();
    await dialog.getByRole("button", { name: MSG.reviews.submit }).click();
    await expect(dialog.getByText(MSG.reviews.ratingRequired)).toBeVisible();
    await audit(shop, "the review form with its error");
  });

  test("the profile slider open", async ({ shop }) => {
    await shop.visit("/");
    await shop.header.locator("details.profile-slider > summary").click();
    await expect(shop.header.getByRole("region", { name: "Recently viewed" })).toBeVisible();
    await audit(shop, "the profile slider");
  });

  test("the mobile menu open", async ({ shop }) => {
    await auditOpenMobileMenu(shop, "the mobile menu, signed in");
  });

  // One test per screen with a filled cart: each audit without JavaScript takes a while on a busy machine.
  const cartScreens: { name: string; path: (customer: Customer) => string }[] = [
    { name: "the cart with an item", path: () => "/cart" },
    ...["address", "shipping", "payment"].map((step) => ({
      name: `checkout: ${step}`,
      path: ({ addressId }: Customer) => `/checkout?step=${step}&address=${addressId}`,
    })),
  ];
  for (const { name, path } of cartScreens) {
    test(name, async ({ shop, catalogue, customer }) => {
      await addToCart(shop, catalogue.product);
      await shop.visit(path(customer));
      await audit(shop, name);
    });
  }
});
