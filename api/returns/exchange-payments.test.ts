import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "#api/auth/auth.service.ts";
import { type PaymentGateway, TEST_CARDS, testGateway } from "#api/payments/gateway.ts";
import type { HostedGateway } from "#api/payments/hosted-gateway.ts";
import { settleStuckPayments } from "#api/payments/payment-recovery.ts";
import { stripeGateway } from "#api/payments/stripe-gateway.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { validCard } from "#api/testing/checkout.ts";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from "#api/testing/fake-stripe.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { type PlacedOrder, placedOrder, type ReturnsCatalogue, returnsCatalogue, usualLines } from "#api/testing/returns.ts";
import { EXCHANGE_PAYMENT_HOURS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * An exchange for a dearer variant: the difference is owed at registration, paid by card (a card gateway) or on the
 * provider's page (a hosted one), and the label follows the payment; unpaid in time, the return is released.
 */

const HOUR_MS = 3_600_000;
/** The gateway the app runs, switchable: orders are placed by card, then a test may turn the shop to Stripe. */
let current: PaymentGateway;
const switchable = new Proxy({} as PaymentGateway, { get: (_target, property) => Reflect.get(current, property) });

let api: FreshApi;
let shop: ReturnsCatalogue;
let cards: ReturnType<typeof testGateway>;
beforeEach(async () => {
  cards = testGateway();
  current = cards;
  // The harness's type names the test gateway; this one forwards to it until a test turns the shop to Stripe.
  api = (await freshApi({ gateway: switchable })) as unknown as FreshApi;
  shop = await returnsCatalogue(api);
});
afterEach(() => api.close());

const recoveryDeps = () => ({ db: api.db, clock: api.clock, gateway: api.gateway, outbox: api.outbox, logger: pino({ level: "silent" }) });
const stockOf = async (variantId: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const paymentsOf = (code: string) =>
  api.db.kysely
    .selectFrom("exchange_payments as p")
    .innerJoin("returns as r", "r.id", "p.return_id")
    .select(["p.reference", "p.amount_pence", "p.status"])
    .where("r.code", "=", code)
    .orderBy("p.id")
    .execute();
const labelMails = async (code: string) => {
  await api.outbox.idle();
  return api.mailer.sent.filter((sent) => sent.template === "returnRegistered" && sent.mail.subject.includes(code));
};

/** A return of one Sand / S dress (the usual order's second line) exchanged for the dearer Olive / M. */
async function dearerExchange(order: PlacedOrder, token = order.shopper.token) {
  const answer = await api.call("POST", `/public/orders/${order.orderId}/returns`, {
    token,
    body: {
      reason: "too_small",
      items: [{ order_item_id: order.items[1], quantity: 1, resolution: "exchange", exchange_variant_id: shop.oliveM }],
    },
  });
  expect(answer.status, JSON.stringify(answer.body.error)).toBe(201);
  return answer.body as { data: { code: string; difference: unknown }; message: string };
}
const payByCard = (code: string, token: string, card: object = validCard, key: string = randomUUID()) =>
  api.call("POST", `/public/returns/${code}/payment`, { token, body: card, headers: { "Idempotency-Key": key } });
const operator = () => createSignedInUser(api, { email: `ops-${randomUUID()}@example.com`, role: "operator" });

describe("an exchange for a dearer variant, paid by card", () => {
  it("is offered with its difference, owed at registration, and mails the label only once paid", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const options = await api.call("GET", `/public/orders/${order.orderId}/returns/options`, { token: order.shopper.token });
    const sandLine = options.body.data.items[1];
    expect(sandLine.exchange_options).toEqual([
      { variant_id: shop.sandM, name: "Sand / M", in_stock: true, price_difference: 0 },
      { variant_id: shop.oliveM, name: "Olive / M", in_stock: true, price_difference: 5 },
    ]);
    expect(options.body.data.items[0].exchange_options[0]).toMatchObject({ name: "Sand / S", price_difference: -5 });

    const oliveBefore = await stockOf(shop.oliveM);
    const { data, message } = await dearerExchange(order);
    expect(message).toBe(MSG.returns.registeredToPay);
    expect(data.difference).toEqual({
      amount: 5,
      status: "due",
      due_by: new Date(api.clock.now().getTime() + EXCHANGE_PAYMENT_HOURS * HOUR_MS).toISOString(),
    });
    expect(await stockOf(shop.oliveM)).toBe(oliveBefore - 1);
    expect(await labelMails(data.code)).toEqual([]);

    const declined = await payByCard(data.code, order.shopper.token, { ...validCard, cardNumber: TEST_CARDS.declined });
    expect(declined.status).toBe(400);
    expect(declined.body.message).toBe(MSG.payment.cardDeclined);
    expect(await paymentsOf(data.code)).toEqual([]);

    const paid = await payByCard(data.code, order.shopper.token);
    expect(paid.status, JSON.stringify(paid.body.error)).toBe(200);
    expect(paid.body.data.difference).toEqual({ amount: 5, status: "paid", due_by: null });
    const [payment] = await paymentsOf(data.code);
    expect(payment).toMatchObject({ amount_pence: 500, status: "captured" });
    expect(cards.captured.has(payment.reference)).toBe(true);
    expect(await labelMails(data.code)).toHaveLength(1);

    const again = await payByCard(data.code, order.shopper.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.returns.differenceNotDue);
    expect(await paymentsOf(data.code)).toHaveLength(1);
  });

  it("a form sent twice under one key pays once", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    const key = randomUUID();
    const answers = [
      await payByCard(data.code, order.shopper.token, validCard, key),
      await payByCard(data.code, order.shopper.token, validCard, key),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
    expect(await paymentsOf(data.code)).toEqual([expect.objectContaining({ status: "captured", amount_pence: 500 })]);
  });

  it("cannot be shipped before the difference is paid; once paid it can", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    const ops = await operator();
    const asOps = (path: string, body?: unknown) => api.call(body === undefined ? "GET" : "POST", path, { token: ops.token, body });
    const received = await asOps(`/admin/returns/${data.code}/receive`, { restock: [] });
    expect(received.status, JSON.stringify(received.body.error)).toBe(200);
    expect(received.body.data.next_steps).not.toContain("ship");
    const shipment = { carrier: "royal_mail", tracking_number: "AB123456785GB" };
    const early = await asOps(`/admin/returns/${data.code}/ship`, shipment);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.adminReturns.differenceUnpaid);

    expect((await payByCard(data.code, order.shopper.token)).status).toBe(200);
    expect((await asOps(`/admin/returns/${data.code}`)).body.data.next_steps).toContain("ship");
    const shipped = await asOps(`/admin/returns/${data.code}/ship`, shipment);
    expect(shipped.status, JSON.stringify(shipped.body.error)).toBe(200);
    expect(shipped.body.data.state).toBe("exchanged");
  });

  it("a rejected return's paid difference goes back to the card", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    expect((await payByCard(data.code, order.shopper.token)).status).toBe(200);
    const ops = await operator();
    const rejected = await api.call("POST", `/admin/returns/${data.code}/reject`, {
      token: ops.token,
      body: { reason: "Worn and washed." },
    });
    expect(rejected.status, JSON.stringify(rejected.body.error)).toBe(200);
    expect(rejected.body.data.difference).toMatchObject({ status: "refunded" });
    const [payment] = await paymentsOf(data.code);
    expect(payment.status).toBe("refunded");
    expect(cards.refunded.get(payment.reference)).toBe(500);
  });

  it("unpaid past its time, the recovery pass releases it: rejected with the reason, the held unit back in stock", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const oliveBefore = await stockOf(shop.oliveM);
    const { data } = await dearerExchange(order);
    api.clock.advance((EXCHANGE_PAYMENT_HOURS - 1) * HOUR_MS);
    expect(await settleStuckPayments(recoveryDeps())).toMatchObject({ differences: [] });
    api.clock.advance(2 * HOUR_MS);
    expect(await settleStuckPayments(recoveryDeps())).toMatchObject({
      differences: [{ returnCode: data.code, outcome: "unpaid_released" }],
    });
    const token = await issueToken(api.db.kysely, api.clock, order.shopper.user.id);
    const shown = await api.call("GET", `/public/returns/${data.code}`, { token });
    expect(shown.body.data).toMatchObject({
      state: "rejected",
      rejection_reason: MSG.returns.differenceUnpaidRejection,
      difference: { status: "released" },
    });
    expect(await stockOf(shop.oliveM)).toBe(oliveBefore);
    const late = await payByCard(data.code, token);
    expect(late.status).toBe(409);
    expect(cards.captured.size).toBe(1);
  });

  it("a capture the provider fails is finished by the recovery pass, which mails the label then", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    const capture = cards.capture;
    cards.capture = async () => {
      cards.capture = capture;
      throw new Error("provider away");
    };
    const answer = await payByCard(data.code, order.shopper.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.difference).toMatchObject({ status: "processing" });
    expect(await labelMails(data.code)).toEqual([]);
    api.clock.advance(2 * 60_000);
    expect((await settleStuckPayments(recoveryDeps())) as object).toMatchObject({
      differences: [{ returnCode: data.code, outcome: "captured" }],
    });
    expect(await paymentsOf(data.code)).toEqual([expect.objectContaining({ status: "captured" })]);
    expect(await labelMails(data.code)).toHaveLength(1);
  });
});

describe("paying a difference: who and what", () => {
  it("refuses another shopper, a guest, a return owing nothing, and hostile input, with a 4xx", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    const stranger = await createSignedInUser(api);
    expect((await payByCard(data.code, stranger.token)).status).toBe(404);
    expect(
      (await api.call("POST", `/public/returns/${data.code}/payment`, { body: validCard, headers: { "Idempotency-Key": randomUUID() } }))
        .status,
    ).toBe(401);
    for (const card of [{}, { ...validCard, cardNumber: "4242 4242 4242 4241" }, { ...validCard, cvv: "12345" }, "card"]) {
      expect((await payByCard(data.code, order.shopper.token, card as object)).status).toBe(400);
    }
    const noKey = await api.call("POST", `/public/returns/${data.code}/payment`, { token: order.shopper.token, body: validCard });
    expect(noKey.status).toBe(400);
    const checkout = await api.call("POST", `/public/returns/${data.code}/checkout`, {
      token: order.shopper.token,
      body: { returnUrl: "https://shop.test/r", cancelUrl: "https://shop.test/r" },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(checkout.status).toBe(404);

    const refund = await api.call("POST", `/public/orders/${order.orderId}/returns`, {
      token: order.shopper.token,
      body: { reason: "faulty", items: [{ order_item_id: order.items[2], quantity: 1, resolution: "refund" }] },
    });
    expect(refund.body.data.difference).toBeNull();
    expect((await payByCard(refund.body.data.code, order.shopper.token)).status).toBe(409);
    expect(await paymentsOf(data.code)).toEqual([]);
  });
});

describe("an exchange's difference paid on Stripe's page", () => {
  let stripe: FakeStripe;
  beforeEach(async () => {
    stripe = await startFakeStripe({
      deliver: async (payload, signature) => {
        const delivered = await api.app.request("/api/payments/webhooks/stripe", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        });
        expect(delivered.status).toBe(200);
      },
    });
  });
  afterEach(() => stripe.close());

  const openCheckout = (code: string, token: string) =>
    api.call("POST", `/public/returns/${code}/checkout`, {
      token,
      body: { returnUrl: `https://shop.test/returns/${code}`, cancelUrl: `https://shop.test/returns/${code}` },
      headers: { "Idempotency-Key": randomUUID() },
    });

  it("opens one checkout for the difference alone; the webhook settles it and mails the label", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    current = stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }) as HostedGateway;

    const opened = await openCheckout(data.code, order.shopper.token);
    expect(opened.status, JSON.stringify(opened.body.error)).toBe(200);
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    expect(opened.body.data.checkoutUrl).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 500, shipping_amount: 0 });
    expect(session.line_items_requested).toEqual([{ name: MSG.returns.differenceLine(data.code), unit_amount: 500, quantity: 1 }]);
    expect((await openCheckout(data.code, order.shopper.token)).body.data.checkoutUrl).toBe(session.url);
    expect(stripe.sessions.size).toBe(1);

    const paying = await payByCard(data.code, order.shopper.token);
    expect(paying.status).toBe(400);
    expect(paying.body.message).toBe(MSG.payment.payOnProviderPage);

    await stripe.pay(session.id);
    const shown = await api.call("GET", `/public/returns/${data.code}`, { token: order.shopper.token });
    expect(shown.body.data.difference).toEqual({ amount: 5, status: "paid", due_by: null });
    expect(await labelMails(data.code)).toHaveLength(1);
  });

  it("a checkout paid after its return was released is refunded", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { data } = await dearerExchange(order);
    current = stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }) as HostedGateway;
    expect((await openCheckout(data.code, order.shopper.token)).status).toBe(200);
    const session = stripe.lastSession();
    if (!session) throw new Error("no session opened");
    await api.db.kysely.updateTable("returns").set({ state: "rejected" }).where("code", "=", data.code).execute();
    await stripe.pay(session.id);
    expect(await paymentsOf(data.code)).toEqual([expect.objectContaining({ status: "refunded", amount_pence: 500 })]);
    expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 500 })]);
  });
});
