import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeOrderStatus } from "#api/orders/orders.service.ts";
import { checkoutCatalogue, insertPromo, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from "#api/testing/fake-stripe.ts";
import { freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { HOSTED_CHECKOUT_MS, OPEN_CHECKOUT_CHECK_MS, unavailableMethodsOf } from "./hosted-checkout.service.ts";
import type { HostedGateway } from "./hosted-gateway.ts";
import { listPendingPayments, settleStuckPayments } from "./payment-recovery.ts";
import { stripeGateway } from "./stripe-gateway.ts";

let stripe: FakeStripe;
let api: Awaited<ReturnType<typeof stripeApi>>;
/** Whether the fake's events reach the shop: off, a test sends them itself (or never). */
let delivering = true;

const recoveryDeps = () => ({ db: api.db, clock: api.clock, gateway: api.gateway, logger: pino({ level: "silent" }) });
const stripeApi = () => freshApi({ gateway: stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }) as HostedGateway });

/** Posts a webhook body to the shop as Stripe would. */
const webhook = (payload: string, signature: string | null) =>
  api.app.request("/api/payments/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
    body: payload,
  });

beforeEach(async () => {
  delivering = true;
  stripe = await startFakeStripe({
    deliver: async (payload, signature) => {
      if (delivering) expect((await webhook(payload, signature)).status).toBe(200);
    },
  });
  api = await stripeApi();
});
afterEach(async () => {
  await api.close();
  await stripe.close();
});

const returnUrls = { returnUrl: "https://shop.test/checkout/return", cancelUrl: "https://shop.test/checkout?step=payment" };

type Line = Parameters<typeof paymentRequest>[1][number];
function checkoutRequest(
  addressId: number,
  items: Line[],
  options: { promo?: string; method?: "credit_card" | "paypal" | "apple_pay" } = {},
) {
  const { payment: _card, ...order } = paymentRequest(addressId, items, { promo: options.promo });
  return { ...order, payment: { method: options.method ?? "credit_card", sameAsBilling: true }, ...returnUrls };
}

const openCheckout = (token: string, body: unknown, key: string = randomUUID()) =>
  api.call("POST", "/payments/checkout-sessions", { token, body, headers: { "Idempotency-Key": key } });
const returnFrom = (token: string, reference: string) => api.call("POST", `/payments/checkout-sessions/${reference}/return`, { token });

const stockOf = async (variantId: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const orderRow = (id: number) => api.db.kysely.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const paymentRow = (orderId: number) =>
  api.db.kysely.selectFrom("payments").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();

async function shopWithShopper(stock?: number) {
  const shop = await checkoutCatalogue(api, { stock });
  const shopper = await shopperWithAddress(api);
  return { shop, shopper };
}

describe("POST /payments/checkout-sessions", () => {
  it("opens a Stripe checkout at the server's prices, shipping and promo, and holds the stock on a pending, unpaid order", async () => {
    const { shop, shopper } = await shopWithShopper();
    await insertPromo(api, { code: "SAVE10", discount_type: "percentage", discount_value: 10 });
    const { status, body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.navyAbaya, quantity: 2, price: 0.01 }], {
        promo: "SAVE10",
      }),
    );
    expect(status).toBe(200);
    const session = stripe.lastSession();
    expect(session?.line_items_requested).toEqual([{ name: "Silk Abaya · Navy / L · Fitted", unit_amount: 12_550, quantity: 2 }]);
    expect(session?.shipping_amount).toBe(500);
    expect(session?.discount_amount).toBe(2_510);
    expect(session?.amount_total).toBe(25_100 + 500 - 2_510);
    expect(session?.success_url).toBe("https://shop.test/checkout/return?session_id={CHECKOUT_SESSION_ID}");
    expect(session?.customer_email).toBe(shopper.user.email);
    expect(body.data.checkoutUrl).toBe(session?.url);
    expect(body.data.order).toMatchObject({ status_name: "pending", payment_status: "unpaid", total: 230.9, promo_code: "SAVE10" });
    expect(await stockOf(shop.navyAbaya)).toBe(8);
    expect(await paymentRow(body.data.order.id)).toMatchObject({ gateway: "stripe", status: "open", reference: session?.id });
  });

  it("answers a replayed key with the same order and checkout, and opens nothing more", async () => {
    const { shop, shopper } = await shopWithShopper();
    const request = checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const key = randomUUID();
    const first = await openCheckout(shopper.token, request, key);
    const again = await openCheckout(shopper.token, request, key);
    expect(again.body.data).toEqual(first.body.data);
    expect(stripe.sessions.size).toBe(1);
    expect(await stockOf(shop.pinkScarf)).toBe(9);
  });

  it("never oversells: the last unit goes to one checkout, the other is refused and its Stripe session closed", async () => {
    const { shop, shopper } = await shopWithShopper(1);
    const other = await shopperWithAddress(api);
    const line = [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }];
    const answers = await Promise.all([
      openCheckout(shopper.token, checkoutRequest(shopper.addressId, line)),
      openCheckout(other.token, checkoutRequest(other.addressId, line)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await stockOf(shop.blackAbaya)).toBe(0);
    const statuses = [...stripe.sessions.values()].map((session) => session.status).sort();
    expect(statuses.filter((status) => status === "open")).toHaveLength(1);
  });

  it("refuses PayPal while Stripe does not offer it, with the tab's message, and says so in the payment options", async () => {
    const { shop, shopper } = await shopWithShopper();
    const request = checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], {
      method: "paypal",
    });
    const refused = await openCheckout(shopper.token, request);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.payment.methodUnavailable("PayPal"));
    expect(stripe.sessions.size).toBe(0);
    const options = await api.call("GET", "/public/payment-options");
    expect(options.body.data).toEqual({ gateway: "stripe", unavailable: ["paypal"] });
  });

  it("refuses card details under Stripe, and hostile bodies, keys and references with 4xx", async () => {
    const { shop, shopper } = await shopWithShopper();
    const card = await api.call("POST", "/payments/process", {
      token: shopper.token,
      body: paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(card.status).toBe(400);
    expect(card.body.message).toBe(MSG.payment.payOnProviderPage);
    const good = checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const hostile = [
      { ...good, returnUrl: "javascript:alert(1)" },
      { ...good, cancelUrl: `https://shop.test/${"a".repeat(3000)}` },
      { ...good, payment: { method: "bank_transfer" } },
      { ...good, cart: { items: [] } },
      "not json at all",
    ];
    for (const body of hostile) expect((await openCheckout(shopper.token, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect((await api.call("POST", "/payments/checkout-sessions", { token: shopper.token, body: good })).status).toBe(400);
    expect((await openCheckout("", good)).status).toBe(401);
    expect((await returnFrom(shopper.token, "../../etc")).status).toBe(404);
    expect((await returnFrom(shopper.token, "cs_test_unknown_reference")).status).toBe(404);
    expect(stripe.sessions.size).toBe(0);
  });

  it("refuses return and cancel addresses off the shop's origin (PUBLIC_URL) with 400, and opens nothing", async () => {
    const { shop, shopper } = await shopWithShopper();
    const good = checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]);
    const elsewhere = [
      { returnUrl: "https://evil.example/checkout/return" },
      { cancelUrl: "https://shop.test.evil.example/checkout" },
      { returnUrl: "http://shop.test/checkout/return" },
      { cancelUrl: "https://shop.test:8443/checkout" },
      { returnUrl: "https://evil.example/", cancelUrl: "https://evil.example/" },
    ];
    for (const urls of elsewhere) {
      const refused = await openCheckout(shopper.token, { ...good, ...urls });
      expect(refused.status, JSON.stringify(urls)).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: "VALIDATION_ERROR",
        details: Object.keys(urls).map((path) => ({ path, message: MSG.payment.returnUrlOffShop })),
      });
    }
    expect(stripe.sessions.size).toBe(0);
    expect((await openCheckout(shopper.token, good)).status).toBe(200);
  });
});

describe("confirming a paid checkout, exactly once", () => {
  async function openedCheckout() {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 2 }]),
    );
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    return { shop, shopper, orderId: body.data.order.id as number, session };
  }

  it("the webhook confirms it; the shopper's return then finds it confirmed", async () => {
    const { shopper, orderId, session } = await openedCheckout();
    await stripe.pay(session.id);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const back = await returnFrom(shopper.token, session.id);
    expect(back.body.data).toMatchObject({ checkoutUrl: null, order: { id: orderId, status_name: "confirmed", payment_status: "paid" } });
    expect((await paymentRow(orderId)).status).toBe("captured");
  });

  it("the return confirms it when it comes first; the webhook after it, and a duplicate, change nothing", async () => {
    const { shopper, orderId, session } = await openedCheckout();
    const events: [string, string][] = [];
    delivering = false;
    stripe.state.deliver = async (payload, signature) => {
      events.push([payload, signature]);
    };
    await stripe.pay(session.id);
    expect((await orderRow(orderId)).status).toBe("pending");
    const back = await returnFrom(shopper.token, session.id);
    expect(back.body.data.order).toMatchObject({ status_name: "confirmed", payment_status: "paid" });
    const confirmedAt = (await orderRow(orderId)).updated_at;
    for (const [payload, signature] of [...events, ...events]) {
      const answer = await webhook(payload, signature);
      expect(await answer.json()).toMatchObject({ data: { outcome: "already_confirmed" } });
    }
    expect((await orderRow(orderId)).updated_at).toBe(confirmedAt);
  });

  it("of a webhook and a return at the same moment, exactly one confirms", async () => {
    const { shopper, orderId, session } = await openedCheckout();
    const events: [string, string][] = [];
    stripe.state.deliver = async (payload, signature) => {
      events.push([payload, signature]);
    };
    await stripe.pay(session.id);
    const [payload, signature] = events[0];
    const [hook, duplicate] = await Promise.all([
      webhook(payload, signature),
      webhook(payload, signature),
      returnFrom(shopper.token, session.id),
    ]);
    const outcomes = [(await hook.json()).data.outcome, (await duplicate.json()).data.outcome];
    // The return may be the one that confirmed; no two callers ever both did.
    expect(outcomes.filter((outcome) => outcome === "confirmed").length).toBeLessThanOrEqual(1);
    expect(outcomes.every((outcome) => outcome === "confirmed" || outcome === "already_confirmed")).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect((await paymentRow(orderId)).status).toBe("captured");
  });

  it("an unpaid return leaves the order pending with its checkout to pay on; another shopper's return is not found", async () => {
    const { shopper, orderId, session } = await openedCheckout();
    const back = await returnFrom(shopper.token, session.id);
    expect(back.body.data).toMatchObject({ checkoutUrl: session.url, order: { status_name: "pending", payment_status: "unpaid" } });
    const other = await shopperWithAddress(api);
    expect((await returnFrom(other.token, session.id)).status).toBe(404);
    expect((await orderRow(orderId)).status).toBe("pending");
  });
});

describe("POST /payments/webhooks/stripe", () => {
  it("refuses a missing, forged or stale signature with 400 and changes nothing", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, payment_status: "paid" } },
    });
    const Stripe = (await import("stripe")).default;
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_STRIPE_KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse" });
    for (const signature of [null, "t=1,v1=deadbeef", stale, otherSecret]) {
      const answer = await webhook(payload, signature);
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toBe(MSG.payment.webhookSignatureInvalid);
    }
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "pending", payment_status: "unpaid" });
  });

  it("acknowledges events it has no use for", async () => {
    const payload = JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } });
    const Stripe = (await import("stripe")).default;
    const answer = await webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_KEYS.webhookSecret }));
    expect(answer.status).toBe(200);
    expect((await answer.json()).data.outcome).toBe("ignored");
  });

  it("is not there under the test gateway", async () => {
    const testShop = await freshApi();
    const answer = await testShop.app.request("/api/payments/webhooks/stripe", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(answer.status).toBe(404);
    await testShop.close();
  });
});

describe("checkouts that are never paid", () => {
  it("checkout.session.expired cancels the order and returns its stock, once", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 3 }]),
    );
    expect(await stockOf(shop.pinkScarf)).toBe(7);
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    await stripe.expire(session.id);
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "cancelled", payment_status: "unpaid" });
    expect((await paymentRow(body.data.order.id)).status).toBe("expired");
    expect(await stockOf(shop.pinkScarf)).toBe(10);
    const back = await returnFrom(shopper.token, session.id);
    expect(back.body.data.checkoutUrl).toBeNull();
    expect(await stockOf(shop.pinkScarf)).toBe(10);
  });

  it("gives back the promo use an expired checkout took: the shopper and the code's last use may be used again", async () => {
    const { shop, shopper } = await shopWithShopper();
    await insertPromo(api, { code: "ONCE", usage_limit: 1, per_customer_limit: 1 });
    const order = () =>
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], { promo: "ONCE" });
    const promoRow = () =>
      api.db.kysely.selectFrom("promo_codes").select("times_used").where("code", "=", "ONCE").executeTakeFirstOrThrow();
    const first = await openCheckout(shopper.token, order());
    expect(first.status).toBe(200);
    expect(await promoRow()).toEqual({ times_used: 1 });
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    await stripe.expire(session.id);
    expect(await orderRow(first.body.data.order.id)).toMatchObject({ status: "cancelled" });
    expect(await promoRow()).toEqual({ times_used: 0 });

    const again = await openCheckout(shopper.token, order());
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.order).toMatchObject({ promo_code: "ONCE" });
    expect(await promoRow()).toEqual({ times_used: 1 });
  });

  it("the sweep closes a checkout whose expiry event never came and releases its order", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    delivering = false;
    const early = await settleStuckPayments(recoveryDeps());
    expect(early).toMatchObject({ ran: true, checkouts: [] });
    api.clock.advance(HOSTED_CHECKOUT_MS + 1_000);
    const report = await settleStuckPayments(recoveryDeps());
    expect(report).toMatchObject({ ran: true, checkouts: [{ orderCode: body.data.order.order_code, outcome: "released" }] });
    expect(stripe.lastSession()?.status).toBe("expired");
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(shop.pinkScarf)).toBe(10);
  });

  it("the sweep confirms a checkout paid whose completion event never came", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    delivering = false;
    await stripe.pay(stripe.lastSession()?.id ?? "");
    api.clock.advance(HOSTED_CHECKOUT_MS + 1_000);
    const report = await settleStuckPayments(recoveryDeps());
    expect(report).toMatchObject({ checkouts: [{ outcome: "confirmed" }] });
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect(await stockOf(shop.pinkScarf)).toBe(9);
  });
});

describe("cancelling a Stripe order", () => {
  it("refunds a paid order through Stripe, once", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    const session = await stripe.pay(stripe.lastSession()?.id ?? "");
    const change = await changeOrderStatus(api.db, api.clock, api.gateway, body.data.order.order_code, "cancelled");
    expect(change).toMatchObject({ ok: true, from: "confirmed", to: "cancelled" });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: session.payment_intent, amount: 3_000 })]);
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(await stockOf(shop.pinkScarf)).toBe(10);
  });

  it("refunds, once, a checkout paid while its order was being cancelled, however many paths find it", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    const events: [string, string][] = [];
    stripe.state.deliver = async (payload, signature) => {
      events.push([payload, signature]);
    };
    await stripe.pay(stripe.lastSession()?.id ?? "");
    await changeOrderStatus(api.db, api.clock, api.gateway, body.data.order.order_code, "cancelled");
    for (const [payload, signature] of events) {
      const answer = await webhook(payload, signature);
      expect((await answer.json()).data.outcome).toBe("refunded");
    }
    expect(stripe.refunds).toHaveLength(1);
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(shop.pinkScarf)).toBe(10);
  });

  it("gives back the promo use of an order cancelled before it was paid, and keeps a paid one's", async () => {
    const { shop, shopper } = await shopWithShopper();
    await insertPromo(api, { code: "TWICE", usage_limit: 2 });
    const timesUsed = async () =>
      (await api.db.kysely.selectFrom("promo_codes").select("times_used").where("code", "=", "TWICE").executeTakeFirstOrThrow()).times_used;
    const order = () =>
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }], { promo: "TWICE" });
    const paid = (await openCheckout(shopper.token, order())).body.data.order;
    await stripe.pay(stripe.lastSession()?.id ?? "");
    const unpaid = (await openCheckout(shopper.token, order())).body.data.order;
    expect(await timesUsed()).toBe(2);

    await changeOrderStatus(api.db, api.clock, api.gateway, unpaid.order_code, "cancelled");
    expect(await timesUsed()).toBe(1);
    await changeOrderStatus(api.db, api.clock, api.gateway, paid.order_code, "cancelled");
    expect(await orderRow(paid.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(await timesUsed()).toBe(1);
  });

  it("closes the checkout of a pending order, so it can no longer be paid, and voids it", async () => {
    const { shop, shopper } = await shopWithShopper();
    const { body } = await openCheckout(
      shopper.token,
      checkoutRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    await changeOrderStatus(api.db, api.clock, api.gateway, body.data.order.order_code, "cancelled");
    expect(stripe.lastSession()?.status).toBe("expired");
    expect(stripe.refunds).toEqual([]);
    expect(await orderRow(body.data.order.id)).toMatchObject({ status: "cancelled", payment_status: "voided" });
    expect(await stockOf(shop.pinkScarf)).toBe(10);
  });
});

describe("a hosted order the shopper left on Stripe's page", () => {
  const payNow = (token: string, orderId: number) => api.call("POST", `/payments/orders/${orderId}/checkout`, { token });
  const cancel = (token: string, orderId: number) => api.call("POST", `/payments/orders/${orderId}/cancel`, { token });
  const held = (token: string, orderId: number) => api.call("GET", `/payments/orders/${orderId}/checkout`, { token });

  async function leftCheckout(stock?: number, options: { promo?: string } = {}) {
    const { shop, shopper } = await shopWithShopper(stock);
    const request = checkoutRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }], options);
    const { body } = await openCheckout(shopper.token, request);
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    return { shop, shopper, request, orderId: body.data.order.id as number, session };
  }

  it("says until when its items are held; Pay now answers the same order and the same open checkout, never a second", async () => {
    const { shopper, orderId, session } = await leftCheckout();
    const shown = await held(shopper.token, orderId);
    expect(shown.body.data).toMatchObject({ checkoutUrl: session.url, order: { id: orderId, status_name: "pending" } });
    expect(shown.body.data.heldUntil).toBe(new Date(session.expires_at * 1000).toISOString());
    for (const _press of [1, 2]) {
      const again = await payNow(shopper.token, orderId);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ checkoutUrl: session.url, order: { id: orderId } });
    }
    expect(stripe.sessions.size).toBe(1);
    expect(await api.db.kysely.selectFrom("orders").select("id").execute()).toHaveLength(1);
  });

  it("Pay now on a checkout paid meanwhile confirms it and answers it paid", async () => {
    const { shopper, orderId, session } = await leftCheckout();
    delivering = false;
    await stripe.pay(session.id);
    const paid = await payNow(shopper.token, orderId);
    expect(paid.body.data).toMatchObject({ checkoutUrl: null, order: { status_name: "confirmed", payment_status: "paid" } });
  });

  it("Pay now on a checkout released at its expiry answers 409: the order can no longer be paid", async () => {
    const { shopper, orderId, session } = await leftCheckout();
    await stripe.expire(session.id);
    const closed = await payNow(shopper.token, orderId);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(MSG.payment.orderNotPayable);
    expect((await held(shopper.token, orderId)).body.data).toMatchObject({ checkoutUrl: null, heldUntil: null });
  });

  it("Cancel this order releases its stock and promo use at once and closes the checkout; asked again it answers the same", async () => {
    const { shop, shopper, orderId, session } = await (async () => {
      const { shop, shopper } = await shopWithShopper(1);
      await insertPromo(api, { code: "ONCE", usage_limit: 1 });
      const request = checkoutRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }], {
        promo: "ONCE",
      });
      const { body } = await openCheckout(shopper.token, request);
      return { shop, shopper, orderId: body.data.order.id as number, session: stripe.lastSession() };
    })();
    expect(await stockOf(shop.blackAbaya)).toBe(0);
    for (const _press of [1, 2]) {
      const cancelled = await cancel(shopper.token, orderId);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe(MSG.payment.orderCancelled);
      expect(cancelled.body.data).toMatchObject({ id: orderId, status_name: "cancelled", payment_status: "voided" });
    }
    expect(await stockOf(shop.blackAbaya)).toBe(1);
    const promo = await api.db.kysely.selectFrom("promo_codes").select("times_used").where("code", "=", "ONCE").executeTakeFirstOrThrow();
    expect(promo.times_used).toBe(0);
    expect(stripe.sessions.get(session?.id ?? "")?.status).toBe("expired");
    expect(stripe.refunds).toEqual([]);
    expect((await payNow(shopper.token, orderId)).status).toBe(409);
  });

  it("refuses to cancel an order paid meanwhile (409) and keeps it confirmed", async () => {
    const { shop, shopper, orderId, session } = await leftCheckout();
    delivering = false;
    await stripe.pay(session.id);
    const refused = await cancel(shopper.token, orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.payment.orderNotCancellable);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect(await stockOf(shop.blackAbaya)).toBe(9);
    expect(stripe.refunds).toEqual([]);
  });

  it("answers another shopper's order and a card order 404, a malformed id 400, a guest 401, and under the test gateway 404", async () => {
    const { shopper, orderId } = await leftCheckout();
    const other = await shopperWithAddress(api);
    for (const call of [held, payNow, cancel]) {
      expect((await call(other.token, orderId)).status).toBe(404);
      expect((await call(shopper.token, 999_999)).status).toBe(404);
      expect((await call("", orderId)).status).toBe(401);
    }
    for (const id of ["abc", "-1", "0", "1.5", "99999999999999999999"]) {
      expect((await api.call("POST", `/payments/orders/${id}/cancel`, { token: shopper.token })).status, id).toBe(400);
    }
    await api.db.kysely.updateTable("payments").set({ checkout_url: null }).where("order_id", "=", orderId).execute();
    expect((await cancel(shopper.token, orderId)).status).toBe(404);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending" });

    const testShop = await freshApi();
    const { shop: testCatalogue, shopper: testShopper } = {
      shop: await checkoutCatalogue(testShop),
      shopper: await shopperWithAddress(testShop),
    };
    const card = await testShop.call("POST", "/payments/process", {
      token: testShopper.token,
      body: paymentRequest(testShopper.addressId, [{ productId: testCatalogue.scarf, variantId: testCatalogue.pinkScarf, quantity: 1 }]),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect((await testShop.call("POST", `/payments/orders/${card.body.data.id}/cancel`, { token: testShopper.token })).status).toBe(404);
    await testShop.close();
  });

  it("MY ORDERS says until when a waiting order is held, and nothing once it is cancelled", async () => {
    const { shopper, orderId, session } = await leftCheckout();
    const list = async () => (await api.call("GET", "/orders/my-orders", { token: shopper.token })).body.data.orders[0];
    expect(await list()).toMatchObject({ id: orderId, held_until: new Date(session.expires_at * 1000).toISOString() });
    await cancel(shopper.token, orderId);
    expect(await list()).toMatchObject({ id: orderId, held_until: null });
  });

  it("a new checkout of the same request answers the open order and its checkout; another request cancels it first", async () => {
    const { shop, shopper, request, orderId, session } = await leftCheckout(1);
    const same = await openCheckout(shopper.token, request);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ checkoutUrl: session.url, order: { id: orderId } });
    expect(stripe.sessions.size).toBe(1);

    // The last unit, held by the shopper's own abandoned order, is theirs to buy again (here by PayPal's neighbour, Apple Pay).
    const other = await openCheckout(shopper.token, { ...request, payment: { method: "apple_pay", sameAsBilling: true } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data.order.id).not.toBe(orderId);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "voided" });
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await stockOf(shop.blackAbaya)).toBe(0);
    expect((await payNow(shopper.token, orderId)).status).toBe(409);
  });

  it("a new checkout of the same request after the open one was paid answers the paid order, not a second one", async () => {
    const { shopper, request, orderId, session } = await leftCheckout();
    delivering = false;
    await stripe.pay(session.id);
    const again = await openCheckout(shopper.token, request);
    expect(again.body.data).toMatchObject({ checkoutUrl: null, order: { id: orderId, payment_status: "paid" } });
    expect(stripe.sessions.size).toBe(1);
  });

  it("the recovery pass confirms, with its e-mail, a checkout paid without a return or webhook once it is a few minutes old; payments:pending lists it until then", async () => {
    const { shopper, orderId, session } = await leftCheckout();
    delivering = false;
    await stripe.pay(session.id);
    expect((await listPendingPayments(api.db)).checkouts).toEqual([expect.objectContaining({ code: (await orderRow(orderId)).code })]);
    expect(await settleStuckPayments(recoveryDeps())).toMatchObject({ ran: true, checkouts: [] });
    api.clock.advance(OPEN_CHECKOUT_CHECK_MS + 1_000);
    const report = await settleStuckPayments(recoveryDeps());
    expect(report).toMatchObject({ ran: true, checkouts: [{ outcome: "confirmed" }] });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const mail = await api.db.kysely.selectFrom("mail_outbox").select("recipient").execute();
    expect(mail.map((row) => row.recipient)).toContain(shopper.user.email);
    expect((await listPendingPayments(api.db)).checkouts).toEqual([]);
  });

  it("the recovery pass leaves an open, unpaid checkout alone before its expiry and out of its report", async () => {
    const { orderId } = await leftCheckout();
    api.clock.advance(OPEN_CHECKOUT_CHECK_MS + 1_000);
    expect(await settleStuckPayments(recoveryDeps())).toMatchObject({ ran: true, checkouts: [] });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending" });
    expect(stripe.lastSession()?.status).toBe("open");
  });
});

describe("a Stripe key without the payment method configurations permission", () => {
  beforeEach(() => {
    stripe.state.methodsRefused = true;
  });

  it("takes cards (PayPal refused with its tab's text), and says so in the payment options", async () => {
    const { shop, shopper } = await shopWithShopper();
    const line = [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }];
    const card = await openCheckout(shopper.token, checkoutRequest(shopper.addressId, line));
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.data.checkoutUrl).toBe(stripe.lastSession()?.url);
    const paypal = await openCheckout(shopper.token, checkoutRequest(shopper.addressId, line, { method: "paypal" }));
    expect(paypal.status).toBe(400);
    expect(paypal.body.message).toBe(MSG.payment.methodUnavailable("PayPal"));
    expect((await api.call("GET", "/public/payment-options")).body.data).toEqual({ gateway: "stripe", unavailable: ["paypal"] });
  });

  it("logs the failure once, and asks Stripe again only after a minute, not on every checkout", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const gateway = stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url });
    for (const _checkout of [1, 2, 3]) expect(await unavailableMethodsOf({ gateway, logger })).toEqual(["paypal"]);
    expect(stripe.state.requests).toBe(1);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, err: { message: expect.stringContaining("permissions") } });
  });

  it("a gateway whose look-up throws is logged once per spell of failures", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    let failing = true;
    const gateway: HostedGateway = {
      ...stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }),
      async unavailableMethods() {
        if (failing) throw new Error("Stripe is unreachable");
        return [];
      },
    };
    for (const _checkout of [1, 2]) expect(await unavailableMethodsOf({ gateway, logger })).toEqual(["paypal"]);
    failing = false;
    expect(await unavailableMethodsOf({ gateway, logger })).toEqual([]);
    failing = true;
    expect(await unavailableMethodsOf({ gateway, logger })).toEqual(["paypal"]);
    expect(lines).toHaveLength(2);
  });
});
