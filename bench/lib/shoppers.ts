import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ProductSummaryDto } from "#contract/dto/product.ts";

/** A verified account with a saved address and a product whose in-stock variants it buys, made before a load run. */
export interface Shopper {
  email: string;
  password: string;
  /** The client address its setup came from (per-address sign-up limits count each shopper alone). */
  ip: string;
  addressId: number;
  productId: number;
  productPath: string;
  variants: { id: number; color: string; size: string }[];
}

const PASSWORD = "bench-linen-and-silk-42";

/** A client address of its own for shopper or visit `n`, in 10.0.0.0/8 (the server trusts X-Forwarded-For from loopback). */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;

async function call<T>(base: string, path: string, init: { ip: string; token?: string; body?: unknown }): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": init.ip,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** The sign-up code mailed to `email`, from the shop's outbox (a text line holding the six digits alone). */
async function mailedCode(outboxDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    // The shop mails after answering, and makes the folder with its first message.
    const files = existsSync(outboxDir) ? readdirSync(outboxDir, { withFileTypes: true }).filter((file) => file.isFile()) : [];
    for (const file of files) {
      const mail = readFileSync(join(outboxDir, file.name), "utf8");
      const code = mail.includes(email) ? /^ {4}(\d{6})\s*$/m.exec(mail)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((next) => setTimeout(next, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/**
 * `count` verified shoppers, each with an address and a different product of the demo catalogue (the run then
 * spreads its orders, and their stock, over many variants), made through the API as a shopper would.
 */
export async function createShoppers(base: string, outboxDir: string, count: number): Promise<Shopper[]> {
  const products = await call<ProductSummaryDto[]>(base, `/api/public/products?limit=100`, { ip: clientAddress(1) });
  const buyable = products.filter((product) => product.variants.some((variant) => variant.stock > 0));
  const shoppers: Shopper[] = [];
  for (let n = 0; n < count; n++) {
    const ip = clientAddress(n + 2);
    const email = `bench-shopper-${n}-${Date.now()}@example.com`;
    const { token } = await call<{ token: string }>(base, "/api/public/auth/signup", {
      ip,
      body: { name: `Bench Shopper ${n}`, email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    await call(base, "/api/public/otp/verify", { ip, body: { email, otp: await mailedCode(outboxDir, email) } });
    const address = await call<{ id: number }>(base, "/api/public/addresses", {
      ip,
      token,
      body: { label: "Home", line1: "41 Green Street", city: "London", postal_code: "E7 8LE", phone: "020 7946 0321" },
    });
    const product = buyable[n % buyable.length];
    if (!product) throw new Error("No product in stock: is the demo catalogue seeded?");
    shoppers.push({
      email,
      password: PASSWORD,
      ip,
      addressId: address.id,
      productId: product.id,
      productPath: `/product/${product.token}`,
      variants: product.variants
        .filter((variant) => variant.stock > 0)
        .map((variant) => ({ id: variant.id, color: variant.color_name, size: variant.size })),
    });
  }
  return shoppers;
}

/** The cookies a browser holds after an answer: `held` ("a=1; b=2") with its `Set-Cookie` headers applied. */
export function cookiesAfter(setCookies: readonly string[], held = ""): string {
  const jar = new Map(held ? held.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const) : []);
  for (const header of setCookies) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/;\s*max-age=0/i.test(header) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * The cookies of a visitor who has put one product in the cart, as a browser holds them: the storefront's
 * add-to-cart form posted to /cart (a 303 setting the cart cookie, and the session with its toast), then the
 * page it leads to (which shows the toast, once). Every page then shows that cart, so none is kept.
 */
export async function cartCookie(base: string): Promise<string> {
  const products = await call<ProductSummaryDto[]>(base, "/api/public/products?limit=12", { ip: clientAddress(1) });
  const product = products.find((candidate) => candidate.variants.some((variant) => variant.stock > 0));
  const variant = product?.variants.find((candidate) => candidate.stock > 0);
  if (!product || !variant) throw new Error("no product in stock to put in the cart");
  const headers = { "x-forwarded-for": clientAddress(1) };
  const added = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "add", productId: String(product.id), variantId: String(variant.id), redirectTo: "/cart" }),
  });
  const location = added.headers.get("location");
  if (added.status !== 303 || !location) throw new Error(`adding to the cart answered ${added.status}`);
  const afterAdd = cookiesAfter(added.headers.getSetCookie());
  const cart = await fetch(new URL(location, base), { headers: { ...headers, cookie: afterAdd } });
  await cart.arrayBuffer();
  const cookie = cookiesAfter(cart.headers.getSetCookie(), afterAdd);
  if (!cookie.includes("=")) throw new Error("adding to the cart left no cookie");
  return cookie;
}
