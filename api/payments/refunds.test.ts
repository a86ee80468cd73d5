import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { transactionWithRetry } from "#api/db/retry.ts";
import { changeOrderStatus } from "#api/orders/orders.service.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { moveOrder, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from "#api/testing/fake-stripe.ts";
import { freshApi } from "#api/testing/harness.ts";
import { placedOrder, returnsCatalogue, usualLines } from "#api/testing/returns.ts";
import { MSG } from "#contract/messages.ts";
import { testGateway } from "./gateway.ts";
import type { HostedGateway } from "./hosted-gateway.ts";
import { orderMoney } from "./order-money.ts";
import { partialRefundKey } from "./refund-keys.ts";
import { recordRefund } from "./refunds.ts";
import { stripeClient, stripeGateway } from "./stripe-gateway.ts";

let stripe: FakeStripe | undefined;
afterEach(async () => {
  await stripe?.close();
  stripe = undefined;
});

describe("the test gateway's refunds", () => {
  it("refunds in part, keeps the amount per reference, answers a repeated key once and never refunds more than was paid", async () => {
    const gateway = testGateway();
    const authorised = await gateway.authorise({ amountPence: 5_000, method: "paypal", card: null, idempotencyKey: "pay-1" });
    if (!authorised.approved) throw new Error("the test gateway declined");
    const { reference } = authorised;
    await gateway.refund(reference, 1_000, partialRefundKey(reference, 1));
    await gateway.refund(reference, 1_000, partialRefundKey(reference, 1));
    await gateway.refund(reference, 2_500, partialRefundKey(reference, 2));
    expect(gateway.refunded.get(reference)).toBe(3_500);
    await expect(gateway.refund(reference, 900, partialRefundKey(reference, 1))).rejects.toThrow(/another refund/);
    await expect(gateway.refund(reference, 1_501, partialRefundKey(reference, 3))).rejects.toThrow(/exceed/);
    await gateway.refund(reference, 1_500, partialRefundKey(reference, 3));
    expect(gateway.refunded.get(reference)).toBe(5_000);
  });
});

describe("deciding a refund", () => {
  it("refuses an order without a captured payment, and one whose cancellation gave everything back", async () => {
    const api = await freshApi();
    const shop = await returnsCatalogue(api);
    const order = await placedOrder(api, usualLines(shop), { until: "shipped" });
    const decide = () =>
      transactionWithRetry(api.db, (trx) =>
        recordRefund(trx, api.clock, { orderId: order.orderId, returnId: 0, amountPence: 100, actorUserId: null }),
      );
    await api.db.kysely.updateTable("payments").set({ status: "authorised" }).where("order_id", "=", order.orderId).execute();
    await expect(decide()).rejects.toMatchObject({ status: 409, message: MSG.adminReturns.notPaid });
    expect(await orderMoney(api.db.kysely, order.orderId)).toBeNull();

    const cancelled = await placedOrder(api, usualLines(shop), { until: "confirmed" });
    await changeOrderStatus(api.db, api.clock, api.gateway, cancelled.orderCode, "cancelled");
    expect(await orderMoney(api.db.kysely, cancelled.orderId)).toMatchObject({ capturedPence: 28_000, refundablePence: 0 });
    const cancelledRefund = transactionWithRetry(api.db, (trx) =>
      recordRefund(trx, api.clock, { orderId: cancelled.orderId, returnId: 0, amountPence: 100, actorUserId: null }),
    );
    await expect(cancelledRefund).rejects.toMatchObject({ status: 409, message: MSG.adminReturns.nothingToRefund });
    expect(await api.db.kysely.selectFrom("refunds").selectAll().execute()).toEqual([]);
  });

  it("answers an operator's refund on an order whose payment was never captured with 409 and the reason", async () => {
    const api = await freshApi();
    const shop = await returnsCatalogue(api);
    const operator = await createSignedInUser(api, { role: "operator" });
    const order = await placedOrder(api, usualLines(shop), { until: "shipped" });
    await api.db.kysely.updateTable("payments").set({ status: "authorised" }).where("order_id", "=", order.orderId).execute();
    const { body } = await api.call("POST", `/admin/orders/${order.orderCode}/claims`, {
      token: operator.token,
      body: { reason: "never_arrived", outcome: "refund", items: [{ order_item_id: order.items[2], quantity: 1 }] },
    });
    expect(body.data).toMatchObject({ refund_due: 0, refundable: 0, next_steps: ["refund", "reject"] });
    const refused = await api.call("POST", `/admin/returns/${body.data.code}/refund`, { token: operator.token, body: { amount: 10 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.adminReturns.notPaid);
  });
});

describe("refunds through Stripe", () => {
  it("refunds part of a Checkout payment with its amount and its own idempotency key, never twice", async () => {
    stripe = await startFakeStripe({ deliver: async (payload, signature) => void (await webhook(payload, signature)) });
    const fake = stripe;
    const api = await freshApi({ gateway: stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: fake.url }) as HostedGateway });
    const webhook = (payload: string, signature: string) =>
      api.app.request("/api/payments/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    const shop = await returnsCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const operator = await createSignedInUser(api, { role: "operator" });
    const { payment: _card, ...order } = paymentRequest(shopper.addressId, usualLines(shop));
    const opened = await api.call("POST", "/payments/checkout-sessions", {
      token: shopper.token,
      headers: { "Idempotency-Key": randomUUID() },
      body: {
        ...order,
        payment: { method: "credit_card", sameAsBilling: true },
        returnUrl: "https://shop.test/checkout/return",
        cancelUrl: "https://shop.test/checkout?step=payment",
      },
    });
    expect(opened.status, JSON.stringify(opened.body.error)).toBe(200);
    const session = await fake.pay(fake.lastSession()?.id as string);
    const placed = opened.body.data.order as { id: number; order_code: string; items: unknown[] };
    await moveOrder(api, placed.order_code, ["processing", "shipped", "delivered"]);
    const items = await api.db.kysely.selectFrom("order_items").select("id").where("order_id", "=", placed.id).orderBy("id").execute();

    const { body: registered } = await api.call("POST", `/public/orders/${placed.id}/returns`, {
      token: shopper.token,
      body: { reason: "changed_mind", items: [{ order_item_id: items[2]?.id, quantity: 1, resolution: "refund" }] },
    });
    const asOperator = (path: string, body: unknown) =>
      api.call("POST", `/admin/returns/${registered.data.code}/${path}`, { token: operator.token, body });
    expect((await asOperator("receive", { restock: [] })).status).toBe(200);
    const refunded = await asOperator("refund", { amount: 30 });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ state: "refunded", refunded: 30, refundable: 250 });
    expect(fake.refunds).toEqual([expect.objectContaining({ payment_intent: session.payment_intent, amount: 3_000 })]);

    // The same key again (a retry) is answered from Stripe's record; with another amount Stripe refuses it.
    const refundRow = await api.db.kysely.selectFrom("refunds").select("id").executeTakeFirstOrThrow();
    const key = partialRefundKey(session.id, refundRow.id);
    await api.gateway.refund(session.id, 3_000, key);
    expect(fake.refunds).toHaveLength(1);
    await expect(api.gateway.refund(session.id, 4_000, key)).rejects.toThrow(/same parameters/);
    await expect(api.gateway.refund(session.id, 25_001, "another-key")).rejects.toThrow(/greater than unrefunded amount/);
    const client = stripeClient({ secretKey: FAKE_STRIPE_KEYS.secretKey, apiUrl: fake.url });
    const rest = await client.refunds.create({ payment_intent: session.payment_intent as string });
    expect(rest.amount).toBe(25_000);
    await expect(client.refunds.create({ payment_intent: session.payment_intent as string })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});
