import { insertCategory, insertProduct } from "#api/catalogue/testing-fixtures.ts";
import { moveOrder, type PaymentLine, pay, paymentRequest, shopperWithAddress } from "./checkout.ts";
import type { FreshApi } from "./harness.ts";

/** Returns fixtures: a dress in three variants (one dearer), a scarf, and orders placed and delivered. */

export async function returnsCatalogue(api: Pick<FreshApi, "db">) {
  const category = await insertCategory(api.db, "Dresses");
  const dress = await insertProduct(api.db, {
    name: "Linen Dress",
    categoryId: category,
    pricePence: 8_000,
    variants: [
      { color: "Sand", size: "S", stock: 5 },
      { color: "Sand", size: "M", stock: 5 },
      { color: "Olive", size: "M", stock: 5, extraPence: 500 },
    ],
  });
  const scarf = await insertProduct(api.db, {
    name: "Silk Scarf",
    categoryId: category,
    pricePence: 3_000,
    variants: [{ color: "Ivory", size: "One Size", stock: 5 }],
  });
  const variants = await api.db.kysely.selectFrom("product_variants").select(["id", "color_name", "size"]).orderBy("id").execute();
  const variant = (color: string, size: string) => {
    const found = variants.find((v) => v.color_name === color && v.size === size);
    if (!found) throw new Error(`no ${color} / ${size} variant`);
    return found.id;
  };
  return {
    dress,
    scarf,
    sandS: variant("Sand", "S"),
    sandM: variant("Sand", "M"),
    oliveM: variant("Olive", "M"),
    ivory: variant("Ivory", "One Size"),
  };
}

export type ReturnsCatalogue = Awaited<ReturnType<typeof returnsCatalogue>>;

/** The usual order: one Olive / M dress, two Sand / S dresses and a scarf (£280.00 with delivery). */
export const usualLines = (shop: ReturnsCatalogue): PaymentLine[] => [
  { productId: shop.dress, variantId: shop.oliveM, quantity: 1 },
  { productId: shop.dress, variantId: shop.sandS, quantity: 2 },
  { productId: shop.scarf, variantId: shop.ivory, quantity: 1 },
];

/**
 * An order paid by `shopper` (a new one by default) and moved on to `delivered` (or as far as `until`); its order
 * item ids in the order of `lines`.
 */
export async function placedOrder(
  api: FreshApi,
  lines: PaymentLine[],
  options: { shopper?: Awaited<ReturnType<typeof shopperWithAddress>>; until?: "shipped" | "delivered" | "confirmed" } = {},
) {
  const shopper = options.shopper ?? (await shopperWithAddress(api));
  const { status, body } = await pay(api, shopper.token, paymentRequest(shopper.addressId, lines));
  if (status !== 201 && status !== 200) throw new Error(`payment refused: ${JSON.stringify(body.error)}`);
  const orderId = body.data.id as number;
  const orderCode = body.data.order_code as string;
  const until = options.until ?? "delivered";
  const path =
    until === "confirmed"
      ? []
      : until === "shipped"
        ? (["processing", "shipped"] as const)
        : (["processing", "shipped", "delivered"] as const);
  await moveOrder(api, orderCode, path);
  const items = await api.db.kysely.selectFrom("order_items").select("id").where("order_id", "=", orderId).orderBy("id").execute();
  return { shopper, orderId, orderCode, items: items.map((item) => item.id) };
}

export type PlacedOrder = Awaited<ReturnType<typeof placedOrder>>;
