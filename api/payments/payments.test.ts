import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countRows as countRowsOf } from "#api/db/count.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import {
  checkoutCatalogue,
  declinedCard,
  insertPromo,
  insufficientFundsCard,
  pay,
  paymentCutOffBeforeOrder,
  paymentRequest,
  shopperWithAddress,
} from "#api/testing/checkout.ts";
import { type FreshApi, freshApi, TEST_SHOP_ORDERS_EMAIL, TEST_SHOP_URL } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { adminOrderHref, orderDetailHref } from "#contract/paths.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => {
  vi.restoreAllMocks();
  return api.close();
});

const stockOf = async (variantId: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const productCounters = (productId: number) =>
  api.db.kysely.selectFrom("products").select(["stock_total", "units_sold"]).where("id", "=", productId).executeTakeFirstOrThrow();
const countRows = (table: "orders" | "payments" | "promo_redemptions" | "payment_attempts") => countRowsOf(api.db, table);

/**
 * Two lines of one variant in two fits, 2 + 1 of a stock of 2: each line passes the pricing's stock check alone,
 * together they fail in the order's transaction, after the gateway authorised the total.
 */
function payPastStockInTheTransaction(shop: Awaited<ReturnType<typeof checkoutCatalogue>>, shopper: { token: string; addressId: number }) {
  return pay(
    api,
    shopper.token,
    paymentRequest(shopper.addressId, [
      { productId: shop.abaya, variantId: shop.blackAbaya, quantity: 2, selectedFit: "Fitted" },
      { productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1, selectedFit: "Relaxed" },
    ]),
  );
}

describe("POST /payments/process", () => {
  it("prices every line from the catalogue, ignores client prices and answers the order detail", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const before = await productCounters(shop.abaya);
    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [
        { productId: shop.abaya, variantId: shop.navyAbaya, quantity: 2, selectedFit: "Relaxed", price: 0.01 },
        { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1, selectedFit: "Standard Fit", price: 0.01 },
      ]),
    );
    expect(status).toBe(200);
    expect(body.message).toBe(MSG.payment.orderPlaced);
    expect(body.data).toMatchObject({
      order_code: expect.stringMatching(/^MN-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/),
      status_name: "confirmed",
      payment_method: "credit_card",
      payment_method_name: "Credit Card",
      payment_status: "paid",
      // 2 × (120.00 + 5.50) + 25.00
      subtotal: 276,
      shipping: 5,
      shipping_method: "Regular shipment",
      tax: 0,
      discount: 0,
      promo_code: null,
      total: 281,
      shipping_address: {
        label: "Home",
        line1: "12 Romford Road",
        line2: null,
        city: "London",
        postal_code: "E7 9HZ",
        phone: "07700 900123",
      },
    });
    expect(body.data.items).toEqual([
      {
        product_id: shop.abaya,
        product_name: "Silk Abaya",
        product_image: "/images/silk.jpg",
        variant_name: "Navy / L",
        product_sku: expect.stringContaining("Navy-L"),
        fit: "Relaxed",
        unit_price: 125.5,
        quantity: 2,
        review: null,
      },
      expect.objectContaining({ product_name: "Chiffon Scarf", fit: null, unit_price: 25, quantity: 1 }),
    ]);
    expect(await stockOf(shop.navyAbaya)).toBe(8);
    expect(await productCounters(shop.abaya)).toEqual({ stock_total: before.stock_total - 2, units_sold: before.units_sold + 2 });
    const payment = await api.db.kysely.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "captured", amount_pence: 28_100, card_last4: "4242", method: "credit_card" });
    expect(api.gateway.captured.has(payment.reference)).toBe(true);
  });

  it("leaves the order pending and authorised when the capture fails, for the operator to settle", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    vi.spyOn(api.gateway, "capture").mockRejectedValueOnce(new Error("gateway down"));
    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status_name: "pending", payment_status: "authorised" });
    // Not settled: the recovery pass captures it later.
    const attempt = await api.db.kysely.selectFrom("payment_attempts").select("status").executeTakeFirstOrThrow();
    expect(attempt.status).toBe("processing");
  });

  it("never stores the card number, only its last four digits", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await pay(api, shopper.token, paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]));
    const rows = [
      ...(await api.db.kysely.selectFrom("payments").selectAll().execute()),
      ...(await api.db.kysely.selectFrom("payment_attempts").selectAll().execute()),
      ...(await api.db.kysely.selectFrom("orders").selectAll().execute()),
    ];
    expect(JSON.stringify(rows)).not.toContain("4242424242424242");
  });

  it("sends the order confirmation to the shopper and the new-order notice to the shop, once the order commits", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    await api.outbox.idle();
    const [confirmation, notice] = api.mailer.sent;
    expect(api.mailer.sent).toHaveLength(2);
    expect(confirmation).toMatchObject({ template: "orderConfirmation", to: shopper.user.email });
    expect(confirmation.mail.text).toContain(body.data.order_code);
    expect(confirmation.mail.text).toContain("Total: £30.00");
    expect(notice).toMatchObject({ template: "newOrderNotice", to: TEST_SHOP_ORDERS_EMAIL });
    expect(notice.mail.subject).toContain(body.data.order_code);
    // Each links to the order: the shopper's in MY ORDERS, the shop's in the back office.
    expect(confirmation.mail.text).toContain(`${MSG.mail.seeOrder}: ${TEST_SHOP_URL}${orderDetailHref(body.data.id)}`);
    expect(notice.mail.text).toContain(`${MSG.mail.openOrder}: ${TEST_SHOP_URL}${adminOrderHref(body.data.order_code)}`);
    expect(notice.mail.html).toContain(`href="${TEST_SHOP_URL}${adminOrderHref(body.data.order_code)}"`);
  });

  it("sends no e-mail for an order whose transaction is refused", async () => {
    const shop = await checkoutCatalogue(api, { stock: 2 });
    const { status } = await payPastStockInTheTransaction(shop, await shopperWithAddress(api));
    expect(status).toBe(400);
    await api.outbox.idle();
    expect(api.mailer.sent).toEqual([]);
    expect(await api.db.kysely.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
  });

  it("approves PayPal, Apple Pay and Google Pay without card details", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    for (const method of ["paypal", "apple_pay", "google_pay"] as const) {
      const { status, body } = await pay(
        api,
        shopper.token,
        paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], { method }),
      );
      expect(status).toBe(200);
      expect(body.data.payment_method).toBe(method);
    }
  });

  it("applies a promo from its code alone, re-validated on the server, and records the redemption", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await insertPromo(api, { code: "WELCOME10", discount_type: "percentage", discount_value: 10, first_purchase_only: 1 });
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }], { promo: " welcome10 " }),
    );
    expect(body.data).toMatchObject({ subtotal: 120, discount: 12, promo_code: "WELCOME10", shipping: 5, total: 113 });
    expect(await countRows("promo_redemptions")).toBe(1);
    const again = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }], { promo: "WELCOME10" }),
    );
    expect(again).toMatchObject({ status: 400, body: { message: MSG.promo.firstPurchaseOnly } });
    expect(await countRows("orders")).toBe(1);
  });

  it.each([
    ["card declined", declinedCard, MSG.payment.cardDeclined],
    ["insufficient funds", insufficientFundsCard, MSG.payment.insufficientFunds],
  ])("a %s payment creates no order, leaves stock and promo usage alone, and is recorded", async (_, card, message) => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await insertPromo(api, { code: "SAVE5", discount_type: "fixed", discount_value: 500, usage_limit: 10 });
    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 3 }], { card, promo: "SAVE5" }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message, error: { code: "PAYMENT_DECLINED" } });
    expect(await stockOf(shop.blackAbaya)).toBe(10);
    expect(await countRows("orders")).toBe(0);
    expect(await countRows("promo_redemptions")).toBe(0);
    const promo = await api.db.kysely.selectFrom("promo_codes").select("times_used").executeTakeFirstOrThrow();
    expect(promo.times_used).toBe(0);
    const attempt = await api.db.kysely.selectFrom("payment_attempts").selectAll().executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: "declined", order_id: null, amount_pence: 36_000, failure_message: message });
    expect(attempt.card_last4).toBe(card.cardNumber.slice(-4));
  });

  it("refuses the whole payment when a line lacks stock, with the stock text, and charges nothing", async () => {
    const shop = await checkoutCatalogue(api, { stock: 2 });
    const shopper = await shopperWithAddress(api);
    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [
        { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 },
        { productId: shop.abaya, variantId: shop.blackAbaya, quantity: 3 },
      ]),
    );
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.cart.onlyNForVariant(2));
    expect(await stockOf(shop.pinkScarf)).toBe(10);
    expect(await countRows("orders")).toBe(0);
    expect(api.gateway.captured.size).toBe(0);
  });

  it("voids the authorisation when the stock runs out between pricing and the order's transaction", async () => {
    const shop = await checkoutCatalogue(api, { stock: 2 });
    const { status, body } = await payPastStockInTheTransaction(shop, await shopperWithAddress(api));
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: MSG.cart.onlyNForVariant(2), error: { code: "OUT_OF_STOCK" } });
    expect(api.gateway.voided.size).toBe(1);
    expect(api.gateway.captured.size).toBe(0);
    expect(await stockOf(shop.blackAbaya)).toBe(2);
    expect(await countRows("orders")).toBe(0);
    expect(await countRows("payments")).toBe(0);
  });

  it("sells the last unit once when shoppers pay for it at the same moment, telling the others it sold out, charging them nothing", async () => {
    const shop = await checkoutCatalogue(api, { stock: 1 });
    const shoppers = await Promise.all([shopperWithAddress(api), shopperWithAddress(api), shopperWithAddress(api)]);
    const line = { productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 };
    const answers = await Promise.all(shoppers.map((shopper) => pay(api, shopper.token, paymentRequest(shopper.addressId, [line]))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body).toMatchObject({ message: MSG.payment.soldOut("Silk Abaya (Black / M)"), error: { code: "OUT_OF_STOCK" } });
    }
    expect(await stockOf(shop.blackAbaya)).toBe(0);
    expect(await countRows("orders")).toBe(1);
    expect(api.gateway.captured.size).toBe(1);
    // Whoever was authorised before the last unit went has the authorisation released.
    const attempts = await api.db.kysely.selectFrom("payment_attempts").select("status").execute();
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(["refused", "refused", "succeeded"]);
  });

  it("leaves a refused order's attempt for the recovery pass when its authorisation cannot be voided", async () => {
    const shop = await checkoutCatalogue(api, { stock: 2 });
    const shopper = await shopperWithAddress(api);
    vi.spyOn(api.gateway, "voidAuthorisation").mockRejectedValueOnce(new Error("gateway down"));
    const { status } = await payPastStockInTheTransaction(shop, shopper);
    expect(status).toBe(400);
    const attempt = await api.db.kysely.selectFrom("payment_attempts").select(["status", "gateway_reference"]).executeTakeFirstOrThrow();
    expect(attempt.status).toBe("processing");
    expect(attempt.gateway_reference).not.toBeNull();
  });

  it("refuses an address of another user", async () => {
    const shop = await checkoutCatalogue(api);
    const owner = await shopperWithAddress(api);
    const other = await createSignedInUser(api);
    const { status, body } = await pay(
      api,
      other.token,
      paymentRequest(owner.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.payment.addressNotFound);
    expect(await countRows("orders")).toBe(0);
  });

  it("checks the variant and fit against the product", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const wrongVariant = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.blackAbaya, quantity: 1 }]),
    );
    expect(wrongVariant).toMatchObject({ status: 400, body: { message: MSG.payment.variantUnavailable } });
    const wrongFit = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1, selectedFit: "Oversized" }]),
    );
    expect(wrongFit).toMatchObject({ status: 400, body: { message: MSG.payment.fitUnavailable("Oversized") } });
  });

  it.each([
    ["a card number failing Luhn", { cardNumber: "4242 4242 4242 4241" }, MSG.payment.cardNumberInvalid],
    ["a short card number", { cardNumber: "424242424242" }, MSG.payment.cardNumberInvalid],
    ["a missing card number", { cardNumber: "" }, MSG.payment.cardNumberRequired],
    ["an expiry not in MM/YY", { expiryDate: "13/30" }, MSG.payment.expiryInvalid],
    ["a past expiry", { expiryDate: "10/26" }, MSG.payment.cardExpired],
    ["a two-digit CVV", { cvv: "12" }, MSG.payment.cvvInvalid],
    ["a missing cardholder", { cardholderName: " " }, MSG.payment.cardholderRequired],
  ])("refuses %s", async (_, card, message) => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const { status, body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], { card }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await countRows("orders")).toBe(0);
  });

  it("asks for every card field when a card payment has no details, and ignores card details of a wallet payment", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const items = [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }];
    const withoutCard = paymentRequest(shopper.addressId, items);
    const { status, body } = await pay(api, shopper.token, { ...withoutCard, payment: { method: "credit_card" } });
    expect(status).toBe(400);
    expect(body.error.details.map((detail: { message: string }) => detail.message)).toEqual([
      MSG.payment.cardholderRequired,
      MSG.payment.cardNumberRequired,
      MSG.payment.expiryRequired,
      MSG.payment.cvvRequired,
    ]);
    const wallet = await pay(api, shopper.token, {
      ...withoutCard,
      payment: { method: "paypal", cardDetails: { cardNumber: "nonsense" } },
    });
    expect(wallet.status).toBe(200);
    const attempt = await api.db.kysely
      .selectFrom("payment_attempts")
      .select("card_last4")
      .where("status", "=", "succeeded")
      .executeTakeFirstOrThrow();
    expect(attempt.card_last4).toBeNull();
  });

  it("accepts a card expiring this month", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    // The test clock stands in November 2026.
    const { status } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], {
        card: { expiryDate: "11/26" },
      }),
    );
    expect(status).toBe(200);
  });

  it("refuses a billing address other than the shipping address, as no order stores one", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const body = paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const refused = await pay(api, shopper.token, { ...body, payment: { ...body.payment, sameAsBilling: false } });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION_ERROR", details: [{ path: "payment.sameAsBilling", message: MSG.payment.billingIsShipping }] } },
    });
    expect(await countRows("orders")).toBe(0);
  });

  it("answers 4xx to hostile input: no token, no key, malformed JSON, wrong types, oversized bodies", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const body = paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    expect((await api.call("POST", "/payments/process", { body, headers: { "Idempotency-Key": randomUUID() } })).status).toBe(401);
    const noKey = await api.call("POST", "/payments/process", { token: shopper.token, body });
    expect(noKey).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_ERROR" } } });
    const raw = (text: string) =>
      api.app.request("/api/payments/process", {
        method: "POST",
        headers: { authorization: `Bearer ${shopper.token}`, "content-type": "application/json", "Idempotency-Key": randomUUID() },
        body: text,
      });
    expect((await raw("{not json")).status).toBe(400);
    expect((await raw(JSON.stringify({ ...body, cart: { items: "all of them" } }))).status).toBe(400);
    expect((await raw(JSON.stringify({ ...body, payment: { method: "cash" } }))).status).toBe(400);
    expect((await raw(JSON.stringify({ ...body, shipping: { method: 2 } }))).status).toBe(400);
    expect((await raw(JSON.stringify({ ...body, padding: "x".repeat(70_000) }))).status).toBe(413);
    expect(await countRows("orders")).toBe(0);
  });

  it("returns the first order for a repeated Idempotency-Key", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const key = randomUUID();
    const body = paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const first = await pay(api, shopper.token, body, key);
    const second = await pay(api, shopper.token, body, key);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await countRows("orders")).toBe(1);
    expect(await stockOf(shop.pinkScarf)).toBe(9);
  });

  it("refuses a key reused with another request (422, as Stripe does), whatever changed, and places nothing more", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await insertPromo(api, { code: "SAVE5", discount_type: "fixed", discount_value: 500 });
    const secondAddress = async () =>
      (
        await api.call("POST", "/public/addresses", {
          token: shopper.token,
          body: { label: "Work", line1: "1 Bank Street", city: "London", postal_code: "E14 5AB", phone: "07700 900456" },
        })
      ).body.data.id as number;
    const key = randomUUID();
    const line = { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 };
    const first = await pay(api, shopper.token, paymentRequest(shopper.addressId, [line]), key);
    expect(first.status).toBe(200);
    const others = [
      paymentRequest(shopper.addressId, [{ ...line, quantity: 2 }]),
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]),
      paymentRequest(shopper.addressId, [line], { method: "paypal" }),
      paymentRequest(shopper.addressId, [line], { promo: "SAVE5" }),
      paymentRequest(await secondAddress(), [line]),
    ];
    for (const other of others) {
      expect(await pay(api, shopper.token, other, key)).toMatchObject({
        status: 422,
        body: { success: false, message: MSG.payment.keyReused, error: { code: "IDEMPOTENCY_KEY_REUSED" } },
      });
    }
    // The same request under the key, with only the card's holder or the client's prices different, is a replay.
    const same = paymentRequest(shopper.addressId, [{ ...line, price: 99 }], { card: { cardholderName: "A. Khan" } });
    expect(await pay(api, shopper.token, same, key)).toMatchObject({ status: 200, body: { data: { id: first.body.data.id } } });
    expect(await countRows("orders")).toBe(1);
  });

  it("answers a replayed declined key with the same refusal", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const key = randomUUID();
    const body = paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], {
      card: declinedCard,
    });
    await pay(api, shopper.token, body, key);
    const replay = await pay(api, shopper.token, body, key);
    expect(replay).toMatchObject({ status: 400, body: { message: MSG.payment.cardDeclined, error: { code: "PAYMENT_DECLINED" } } });
    expect(await countRows("payment_attempts")).toBe(1);
  });

  it("50 parallel payments for a variant with stock 5 make exactly 5 orders and leave stock 0", async () => {
    const shop = await checkoutCatalogue(api, { stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWithAddress(api)));
    const before = await productCounters(shop.abaya);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const shopper = shoppers[index % shoppers.length];
        return pay(
          api,
          shopper.token,
          paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]),
        );
      }),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(45);
    expect(await countRows("orders")).toBe(5);
    expect(await stockOf(shop.blackAbaya)).toBe(0);
    expect(await productCounters(shop.abaya)).toEqual({ stock_total: before.stock_total - 5, units_sold: before.units_sold + 5 });
    expect(api.gateway.captured.size).toBe(5);
  }, 60_000);

  it("50 parallel submissions with one Idempotency-Key make exactly 1 order", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const key = randomUUID();
    const body = paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(api, shopper.token, body, key)));
    expect(results.map((result) => result.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((result) => result.body.data.id)).size).toBe(1);
    expect(await countRows("orders")).toBe(1);
    expect(await countRows("payments")).toBe(1);
    expect(await stockOf(shop.blackAbaya)).toBe(9);
  }, 60_000);
});

describe("GET /payments/attempts/:key", () => {
  it("answers the owner where the payment stands: the order once placed, a refusal's message, processing", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const placed = randomUUID();
    const { body: order } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
      placed,
    );
    const declined = randomUUID();
    await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], { card: declinedCard }),
      declined,
    );
    const running = await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: true });

    const attempt = (key: string) => api.call("GET", `/payments/attempts/${key}`, { token: shopper.token });
    expect(await attempt(placed)).toMatchObject({ status: 200, body: { data: { status: "succeeded", order: order.data, message: null } } });
    expect((await attempt(declined)).body.data).toEqual({ status: "declined", order: null, message: MSG.payment.cardDeclined });
    expect((await attempt(running.key)).body.data).toEqual({ status: "processing", order: null, message: null });
  });

  it("is the owner's alone: no token 401, another shopper's key or an unknown one 404, a malformed key 400", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const key = randomUUID();
    await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
      key,
    );
    const other = await createSignedInUser(api);
    expect((await api.call("GET", `/payments/attempts/${key}`)).status).toBe(401);
    expect(await api.call("GET", `/payments/attempts/${key}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: MSG.payment.attemptNotFound },
    });
    expect((await api.call("GET", `/payments/attempts/${randomUUID()}`, { token: shopper.token })).status).toBe(404);
    expect((await api.call("GET", "/payments/attempts/a%20b%3Cc", { token: shopper.token })).status).toBe(400);
  });
});
