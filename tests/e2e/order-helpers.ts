import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { PASSWORD } from "./account-helpers.ts";
import { expect } from "./fixtures.ts";

/** Orders placed and moved on outside the pages (reviews, MY ORDERS): the API for the shopper, the CLI for staff. */

/**
 * The operator's command line against the e2e server's database, as the shop's staff would run it; `stdin` is what
 * they type (a password). Answers its output; fails the test when the command fails or complains.
 */
export function shopCli(args: string[], stdin = ""): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("No e2e database: the global setup starts the server (not with E2E_BASE_URL set)");
  return shopCliOn(`file:${join(dataDir, "shop.db")}`, args, stdin);
}

/** The operator's command line against the database at `databaseUrl` (a shop a spec starts itself). */
export function shopCliOn(databaseUrl: string, args: string[], stdin = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["scripts/shop-cli.ts", ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        if (error || stderr) reject(new Error(`${args.slice(0, 2).join(" ")} failed: ${stderr || error?.message}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(stdin);
  });
}

/** Moves an order to `status` with order:status. */
export async function setOrderStatus(code: string, status: string) {
  await shopCli(["order:status", code, status]);
}

/** Ships a processing order with a carrier and tracking number, as the shop's staff do. */
export async function shipOrder(code: string, carrier = "royal_mail", tracking = "AB123456785GB") {
  await shopCli(["order:ship", code, "--carrier", carrier, "--tracking", tracking]);
}

/** An operator account made with the command line: the password typed twice on standard input. */
export async function createOperator(email: string, name: string, password: string) {
  expect(await shopCli(["operator:create", "--email", email, "--name", name], `${password}\n${password}\n`)).toContain(email);
}

/** Marks a paid order delivered, the way the shop's staff do. */
export async function deliver(code: string) {
  await setOrderStatus(code, "processing");
  await shipOrder(code);
  await setOrderStatus(code, "delivered");
}

/** A product of the demo catalogue as the listing answers it. */
export type CatalogueProduct = ProductSummaryDto;

/** How many products, counted from the end of the catalogue by name, specs take by slot (productFor). */
export const PRODUCT_SLOTS = 32;

/**
 * A product a spec alone orders and reviews (by `slot`, counted from the end of the catalogue by name), so
 * parallel runs never change each other's figures. The choice does not depend on stock, which other tests
 * change while this one runs; `units` is how many the caller buys, checked against the best-stocked variant.
 */
export async function productFor(request: APIRequestContext, slot: number, units = 1): Promise<CatalogueProduct> {
  const listing = await request.get("/api/public/products", { params: { sort: "name_a_z", limit: 100 } });
  const products = (await listing.json()).data as CatalogueProduct[];
  if (slot >= PRODUCT_SLOTS) throw new Error(`slot ${slot} is past PRODUCT_SLOTS`);
  const product = products[products.length - 1 - slot];
  if (!product) throw new Error("the demo catalogue has too few products");
  if (bestStocked(product).stock < units) throw new Error(`${product.name} (slot ${slot}) has fewer than ${units} in stock`);
  return product;
}

/** The product's variant with the most units in stock. */
export const bestStocked = (product: CatalogueProduct) =>
  product.variants.reduce((best, variant) => (variant.stock > best.stock ? variant : best));

/** A signed-in shopper's API access with a saved address, ready to pay. */
export async function buyer(request: APIRequestContext, email: string) {
  const login = await request.post("/api/public/auth/login", { data: { email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const address = await request.post("/api/public/addresses", {
    headers,
    data: { label: "Home", line1: "1 Silk Street", city: "London", postal_code: "E1 6AN", phone: "07700900123", is_default: true },
  });
  return { headers, addressId: (await address.json()).data.id as number };
}

/** One paid card order, through the payment call: one unit of `product`'s best-stocked variant, or one of each of `variantIds`. */
export async function placeOrder(
  request: APIRequestContext,
  shopper: Awaited<ReturnType<typeof buyer>>,
  product: CatalogueProduct,
  variantIds: readonly number[] = [bestStocked(product).id],
) {
  return placeOrderOf(
    request,
    shopper,
    variantIds.map((variantId) => ({ product, variantId })),
  );
}

/** One paid card order of one unit of each line (a product and its variant), through the payment call. */
export async function placeOrderOf(
  request: APIRequestContext,
  shopper: Awaited<ReturnType<typeof buyer>>,
  lines: readonly { product: CatalogueProduct; variantId: number }[],
) {
  const items = lines.map(({ product, variantId }) => ({ productId: product.id, variant: { id: variantId }, quantity: 1 }));
  const paid = await request.post("/api/payments/process", {
    headers: { ...shopper.headers, "Idempotency-Key": randomUUID() },
    data: {
      cart: { items, subtotal: 1, totalItems: items.length },
      address: { id: shopper.addressId, label: "Home", line1: "x", city: "x", postalCode: "x", phone: "x" },
      shipping: { method: 1, cost: 5 },
      payment: {
        method: "credit_card",
        cardDetails: { cardholderName: "Amina Khan", cardNumber: "4242 4242 4242 4242", expiryDate: "12/30", cvv: "123" },
        paymentIntentId: null,
        sameAsBilling: true,
      },
      promoCode: null,
    },
  });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  return (await paid.json()).data as { id: number; order_code: string; total: number };
}

/**
 * Changes (or reads) the e2e server's database directly, for what no page or command does: time passing (a delivery
 * a month ago), or figures a page must show counted another way. Waits for the server's own writes as its
 * connections do.
 */
export function changeShopDatabase<T>(change: (db: Database.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("No e2e database: the global setup starts the server (not with E2E_BASE_URL set)");
  const db = new Database(join(dataDir, "shop.db"));
  try {
    db.pragma("busy_timeout = 10000");
    return change(db);
  } finally {
    db.close();
  }
}
