import { randomUUID } from "node:crypto";
import { insertCategory, insertProduct } from "#api/catalogue/testing-fixtures.ts";
import type { PromoCode } from "#api/db/schema.ts";
import { changeOrderStatus, type Shipment } from "#api/orders/orders.service.ts";
import { type PaymentGateway, TEST_CARDS } from "#api/payments/gateway.ts";
import type { OrderStatus, PaymentMethod } from "#contract/checkout.ts";
import { createSignedInUser } from "./accounts.ts";
import type { FreshApi } from "./harness.ts";

/** Checkout fixtures: a small priced catalogue, shoppers with an address, promo codes and payment requests. */

/** What the fixtures need of an API, whichever gateway it runs. */
type AnyApi = Pick<FreshApi, "db" | "clock" | "call">;

export async function checkoutCatalogue(api: AnyApi, options: { stock?: number } = {}) {
  const category = await insertCategory(api.db, "Abayas");
  const abaya = await insertProduct(api.db, {
    name: "Silk Abaya",
    categoryId: category,
    pricePence: 12_000,
    variants: [
      { color: "Black", size: "M", stock: options.stock ?? 10 },
      { color: "Navy", size: "L", stock: 10, extraPence: 550 },
    ],
    images: ["/images/silk.jpg"],
    fits: ["Fitted", "Relaxed"],
  });
  const scarf = await insertProduct(api.db, {
    name: "Chiffon Scarf",
    categoryId: category,
    pricePence: 2_500,
    variants: [{ color: "Pink", size: "One Size", stock: 10 }],
  });
  const variants = await api.db.kysely.selectFrom("product_variants").select(["id", "product_id", "color_name"]).orderBy("id").execute();
  const variantOf = (productId: number, color: string) => {
    const variant = variants.find((v) => v.product_id === productId && v.color_name === color);
    if (!variant) throw new Error(`no ${color} variant`);
    return variant.id;
  };
  return {
    abaya,
    scarf,
    blackAbaya: variantOf(abaya, "Black"),
    navyAbaya: variantOf(abaya, "Navy"),
    pinkScarf: variantOf(scarf, "Pink"),
  };
}

export async function shopperWithAddress(api: AnyApi) {
  const shopper = await createSignedInUser(api);
  const { body } = await api.call("POST", "/public/addresses", {
    token: shopper.token,
    body: { label: "Home", line1: "12 Romford Road", city: "London", postal_code: "E7 9HZ", phone: "07700 900123" },
  });
  return { ...shopper, addressId: body.data.id as number };
}

export async function insertPromo(api: AnyApi, promo: Partial<Omit<PromoCode, "id">> & { code: string }) {
  await api.db.kysely
    .insertInto("promo_codes")
    .values({
      description: `${promo.code} test code`,
      discount_type: "percentage",
      discount_value: 10,
      min_basket_pence: 0,
      first_purchase_only: 0,
      active: 1,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: null,
      ...promo,
    })
    .execute();
}

export const validCard = { cardholderName: "Amina Khan", cardNumber: "4242 4242 4242 4242", expiryDate: "12/30", cvv: "123" };

export type PaymentLine = { productId: number; variantId: number; quantity: number; selectedFit?: string; price?: number };

export function paymentRequest(
  addressId: number,
  items: PaymentLine[],
  options: { method?: PaymentMethod; card?: Partial<typeof validCard>; promo?: string } = {},
) {
  const method = options.method ?? "credit_card";
  return {
    cart: {
      items: items.map(({ variantId, ...item }) => ({ ...item, variant: { id: variantId } })),
      subtotal: 1,
      totalItems: items.length,
    },
    address: { id: addressId, label: "Home", line1: "x", city: "x", postalCode: "x", phone: "x" },
    shipping: { method: 1, cost: 0 },
    payment: {
      method,
      cardDetails: method === "credit_card" ? { ...validCard, ...options.card } : undefined,
      paymentIntentId: null,
      sameAsBilling: true,
    },
    promoCode: options.promo ? { code: options.promo, discountAmount: 999, discountType: "fixed", discountValue: 999 } : null,
  };
}

export const declinedCard = { cardNumber: TEST_CARDS.declined };
export const insufficientFundsCard = { cardNumber: TEST_CARDS.insufficientFunds };

export function pay(api: FreshApi, token: string, body: unknown, key: string = randomUUID()) {
  return api.call("POST", "/payments/process", { token, body, headers: { "Idempotency-Key": key } });
}

/**
 * The state a process killed between the order's commit and the capture leaves: the order `pending/authorised`,
 * its attempt still `processing` without an order. A payment whose capture fails leaves the same state.
 */
export async function paymentCutOffBeforeCapture(api: FreshApi, shopper: { token: string; addressId: number }, item: PaymentLine) {
  const key = randomUUID();
  const body = paymentRequest(shopper.addressId, [item]);
  const capture = api.gateway.capture;
  api.gateway.capture = async () => {
    throw new Error("the process died here");
  };
  try {
    const { body: answer } = await pay(api, shopper.token, body, key);
    return { key, body, orderId: answer.data.id as number, orderCode: answer.data.order_code as string };
  } finally {
    api.gateway.capture = capture;
  }
}

/** An attempt whose process died after the gateway authorised it and before the order: `processing`, no order. */
export async function paymentCutOffBeforeOrder(api: FreshApi, userId: number, options: { authorised: boolean }) {
  const key = randomUUID();
  const authorisation = options.authorised
    ? await api.gateway.authorise({ amountPence: 2_500, method: "paypal", card: null, idempotencyKey: `${userId}:${key}` })
    : null;
  const now = api.clock.now().toISOString();
  await api.db.kysely
    .insertInto("payment_attempts")
    .values({
      user_id: userId,
      idempotency_key: key,
      status: "processing",
      method: "paypal",
      gateway: "test",
      gateway_reference: authorisation?.approved ? authorisation.reference : null,
      amount_pence: 2_500,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { key, reference: authorisation?.approved ? authorisation.reference : null };
}

/** A parcel as the back office ships one: what an order needs to become `shipped`. */
export const TEST_SHIPMENT: Shipment = { carrier: "royal_mail", trackingNumber: "AB123456785GB" };

/** Moves an order along `path` as the shop's staff do, shipping it with TEST_SHIPMENT. */
export async function moveOrder(
  api: Pick<FreshApi, "db" | "clock"> & { gateway: PaymentGateway },
  code: string,
  path: readonly OrderStatus[],
) {
  for (const to of path) await changeOrderStatus(api.db, api.clock, api.gateway, code, to, { shipment: TEST_SHIPMENT });
}

/** What the payment recovery pass reports when it found nothing to settle. */
export const NOTHING_TO_SETTLE = {
  ran: true,
  settled: [],
  held: [],
  checkouts: [],
  refunds: [],
  refundsRetried: [],
  differences: [],
} as const;
