import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { changeOrderStatus } from "#api/orders/orders.service.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, insertPromo, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let shop: Awaited<ReturnType<typeof checkoutCatalogue>>;
beforeEach(async () => {
  api = await freshApi();
  shop = await checkoutCatalogue(api);
});
afterEach(() => api.close());

const validate = (body: unknown, token?: string) => api.call("POST", "/public/validate-promo-code", { body, token });
const refusal = async (body: unknown, token?: string) => {
  const { status, body: answer } = await validate(body, token);
  expect(status).toBe(400);
  return answer.message as string;
};

/** A paid order of the Black abaya (£120) for this shopper, with an optional promo. */
function order(shopper: Awaited<ReturnType<typeof shopperWithAddress>>, promo?: string) {
  return pay(
    api,
    shopper.token,
    paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }], { promo }),
  );
}

describe("POST /public/validate-promo-code", () => {
  it("applies the seeded demo codes: a percentage and a fixed one with a minimum basket", async () => {
    const demo = await freshApi();
    await seedDemoIfEmpty(demo.db);
    const validateDemo = (body: unknown) => demo.call("POST", "/public/validate-promo-code", { body });
    const welcome = await validateDemo({ code: " welcome10 ", cartTotal: 80 });
    expect(welcome).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: "Promo code applied! You saved £8.00",
        data: { promoCode: { code: "WELCOME10", discount_type: "percentage", discount_value: 10 }, discountAmount: 8 },
      },
    });
    const save = await validateDemo({ code: "SAVE10", cartTotal: 75 });
    expect(save.body.data).toMatchObject({ promoCode: { code: "SAVE10", discount_type: "fixed", discount_value: 10 }, discountAmount: 10 });
    expect(await validateDemo({ code: "SAVE10", cartTotal: 74.99 })).toMatchObject({
      status: 400,
      body: { message: MSG.promo.minimumBasket("75.00") },
    });
    await demo.close();
  });

  it("never discounts more than the basket, and rounds percentages to the penny", async () => {
    await insertPromo(api, { code: "BIG", discount_type: "fixed", discount_value: 5_000 });
    await insertPromo(api, { code: "THIRD", discount_type: "percentage", discount_value: 33 });
    expect((await validate({ code: "BIG", cartTotal: 20 })).body.data.discountAmount).toBe(20);
    expect((await validate({ code: "THIRD", cartTotal: 10.01 })).body.data.discountAmount).toBe(3.3);
  });

  it("answers 'Invalid promo code' for unknown, inactive, not yet started and expired codes", async () => {
    await insertPromo(api, { code: "OFF", active: 0 });
    await insertPromo(api, { code: "LATER", starts_at: "2026-12-01T00:00:00.000Z" });
    await insertPromo(api, { code: "GONE", ends_at: "2026-11-22T09:59:59.000Z" });
    await insertPromo(api, { code: "NOW", starts_at: "2026-11-01T00:00:00.000Z", ends_at: "2026-11-30T00:00:00.000Z" });
    for (const code of ["NOPE", "OFF", "LATER", "GONE"]) expect(await refusal({ code, cartTotal: 50 })).toBe(MSG.promo.invalid);
    expect((await validate({ code: "NOW", cartTotal: 50 })).status).toBe(200);
    api.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await refusal({ code: "NOW", cartTotal: 50 })).toBe(MSG.promo.invalid);
  });

  it("refuses a code whose total uses are exhausted, at validation and at payment", async () => {
    await insertPromo(api, { code: "ONCE", usage_limit: 1 });
    const first = await shopperWithAddress(api);
    const second = await shopperWithAddress(api);
    expect((await order(first, "ONCE")).status).toBe(200);
    expect(await refusal({ code: "ONCE", cartTotal: 50 })).toBe(MSG.promo.usageLimitReached);
    expect((await order(second, "ONCE")).body.message).toBe(MSG.promo.usageLimitReached);
  });

  it("gives a limited code to exactly as many parallel orders as it has uses", async () => {
    await insertPromo(api, { code: "THREE", usage_limit: 3 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithAddress(api)));
    const results = await Promise.all(shoppers.map((shopper) => order(shopper, "THREE")));
    expect(results.filter((result) => result.status === 200)).toHaveLength(3);
    expect(results.filter((result) => result.body.message === MSG.promo.usageLimitReached)).toHaveLength(7);
    const { times_used } = await api.db.kysely
      .selectFrom("promo_codes")
      .select("times_used")
      .where("code", "=", "THREE")
      .executeTakeFirstOrThrow();
    expect(times_used).toBe(3);
  });

  it("counts uses per customer for a signed-in shopper", async () => {
    await insertPromo(api, { code: "TWICE", per_customer_limit: 2 });
    const shopper = await shopperWithAddress(api);
    const other = await createSignedInUser(api);
    expect((await order(shopper, "TWICE")).status).toBe(200);
    expect((await order(shopper, "TWICE")).status).toBe(200);
    expect(await refusal({ code: "TWICE", cartTotal: 50 }, shopper.token)).toBe(MSG.promo.alreadyUsed);
    expect((await validate({ code: "TWICE", cartTotal: 50 }, other.token)).status).toBe(200);
    expect((await order(shopper, "TWICE")).body.message).toBe(MSG.promo.alreadyUsed);
  });

  it("keeps first-purchase codes to a shopper's first order, checked again at payment for everyone", async () => {
    await insertPromo(api, { code: "FIRST", first_purchase_only: 1 });
    const shopper = await shopperWithAddress(api);
    expect((await validate({ code: "FIRST", cartTotal: 50 }, shopper.token)).status).toBe(200);
    expect((await order(shopper)).status).toBe(200);
    expect(await refusal({ code: "FIRST", cartTotal: 50 }, shopper.token)).toBe(MSG.promo.firstPurchaseOnly);
    // A visitor cannot be checked yet: validation passes, the payment refuses.
    expect((await validate({ code: "FIRST", cartTotal: 50 })).status).toBe(200);
    expect((await order(shopper, "FIRST")).body.message).toBe(MSG.promo.firstPurchaseOnly);
  });

  it("does not count a cancelled order against a first-purchase code", async () => {
    await insertPromo(api, { code: "FIRST", first_purchase_only: 1 });
    const shopper = await shopperWithAddress(api);
    const first = await order(shopper);
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, first.body.data.order_code, "cancelled")).toMatchObject({ ok: true });
    expect((await validate({ code: "FIRST", cartTotal: 50 }, shopper.token)).status).toBe(200);
    expect((await order(shopper, "FIRST")).status).toBe(200);
    expect(await refusal({ code: "FIRST", cartTotal: 50 }, shopper.token)).toBe(MSG.promo.firstPurchaseOnly);
  });

  it("asks for a code and answers 4xx to bad input", async () => {
    expect(await refusal({ code: "   ", cartTotal: 10 })).toBe(MSG.promo.required);
    expect((await validate({ code: "X", cartTotal: "lots" })).status).toBe(400);
    expect((await validate({ code: "X", cartTotal: -1 })).status).toBe(400);
    expect((await validate({ code: { $ne: "" }, cartTotal: 1 })).status).toBe(400);
    expect((await validate({ code: "X".repeat(10_000), cartTotal: 1 })).status).toBe(400);
  });
});
