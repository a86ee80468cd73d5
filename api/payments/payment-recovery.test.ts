import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connect } from "#api/db/connect.ts";
import { changeOrderStatus, returnOrderMoney } from "#api/orders/orders.service.ts";
import {
  checkoutCatalogue,
  NOTHING_TO_SETTLE,
  pay,
  paymentCutOffBeforeCapture,
  paymentCutOffBeforeOrder,
  paymentRequest,
  shopperWithAddress,
} from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { listPendingPayments, STUCK_ATTEMPT_AGE_MS, settleStuckPayments, startPaymentRecovery } from "./payment-recovery.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => {
  vi.restoreAllMocks();
  return api.close();
});

const deps = () => ({ db: api.db, clock: api.clock, gateway: api.gateway, logger: pino({ level: "silent" }) });
const attemptOf = (key: string) =>
  api.db.kysely.selectFrom("payment_attempts").selectAll().where("idempotency_key", "=", key).executeTakeFirstOrThrow();
const orderRow = (id: number) =>
  api.db.kysely.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", id).executeTakeFirstOrThrow();

async function cutOffOrder() {
  const shop = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const cut = await paymentCutOffBeforeCapture(api, shopper, { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 });
  return { shopper, ...cut };
}

describe("settleStuckPayments", () => {
  it("captures the order of an attempt a crash left between the order's commit and the capture", async () => {
    const { key, orderId, orderCode } = await cutOffOrder();
    expect(await orderRow(orderId)).toEqual({ status: "pending", payment_status: "authorised" });

    // Younger than the deadline, the attempt may still be running: left alone.
    expect(await settleStuckPayments(deps())).toEqual(NOTHING_TO_SETTLE);
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    const report = await settleStuckPayments(deps());

    expect(report).toMatchObject({ ran: true, settled: [{ outcome: "captured", orderCode, amountPence: 3_000 }] });
    expect(await orderRow(orderId)).toEqual({ status: "confirmed", payment_status: "paid" });
    expect(await attemptOf(key)).toMatchObject({ status: "succeeded", order_id: orderId });
    const payment = await api.db.kysely.selectFrom("payments").select(["status", "reference"]).executeTakeFirstOrThrow();
    expect(payment.status).toBe("captured");
    expect(api.gateway.captured.has(payment.reference)).toBe(true);
    expect(await settleStuckPayments(deps())).toEqual(NOTHING_TO_SETTLE);
  });

  it("keeps the attempt processing while the capture fails, and captures it on a later pass", async () => {
    const { key, orderId } = await cutOffOrder();
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    vi.spyOn(api.gateway, "capture").mockRejectedValueOnce(new Error("gateway down"));
    expect(await settleStuckPayments(deps())).toMatchObject({ ran: true, settled: [{ outcome: "capture_failed" }], held: [] });
    expect(await orderRow(orderId)).toEqual({ status: "pending", payment_status: "authorised" });
    expect(await attemptOf(key)).toMatchObject({ status: "processing" });

    expect(await settleStuckPayments(deps())).toMatchObject({ ran: true, settled: [{ outcome: "captured" }], held: [] });
    expect(await orderRow(orderId)).toEqual({ status: "confirmed", payment_status: "paid" });
    expect(await attemptOf(key)).toMatchObject({ status: "succeeded", order_id: orderId });
  });

  it("voids an authorisation that has no order and fails its attempt; fails an attempt with nothing authorised", async () => {
    const shopper = await shopperWithAddress(api);
    const authorised = await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: true });
    const unauthorised = await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: false });
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);

    const report = await settleStuckPayments(deps());

    expect(report).toMatchObject({
      ran: true,
      settled: [
        { outcome: "voided", orderCode: null },
        { outcome: "failed", orderCode: null },
      ],
    });
    expect(api.gateway.voided.has(authorised.reference ?? "")).toBe(true);
    for (const { key } of [authorised, unauthorised]) {
      expect(await attemptOf(key)).toMatchObject({ status: "failed", failure_message: MSG.payment.notCompleted });
    }
    const attempt = await api.call("GET", `/payments/attempts/${authorised.key}`, { token: shopper.token });
    expect(attempt.body.data).toEqual({ status: "failed", order: null, message: MSG.payment.notCompleted });
  });

  it("keeps an attempt whose authorisation the gateway would not void for the next pass", async () => {
    const shopper = await shopperWithAddress(api);
    const { key } = await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: true });
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    vi.spyOn(api.gateway, "voidAuthorisation").mockRejectedValueOnce(new Error("gateway down"));
    expect(await settleStuckPayments(deps())).toMatchObject({ settled: [{ outcome: "void_failed" }] });
    expect((await attemptOf(key)).status).toBe("processing");
    expect(await settleStuckPayments(deps())).toMatchObject({ settled: [{ outcome: "voided" }] });
  });

  it("runs in one process at a time: a pass waits out another's lease, and takes a lease its holder left to expire", async () => {
    await cutOffOrder();
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    // The first pass holds its lease while the gateway answers its capture; a second pass asks meanwhile.
    const captureAsked = Promise.withResolvers<void>();
    const captureAnswered = Promise.withResolvers<void>();
    const capture = api.gateway.capture;
    vi.spyOn(api.gateway, "capture").mockImplementationOnce(async (...args) => {
      captureAsked.resolve();
      await captureAnswered.promise;
      return capture(...args);
    });
    const first = settleStuckPayments(deps());
    await captureAsked.promise;
    expect(await settleStuckPayments(deps())).toEqual({ ran: false });
    captureAnswered.resolve();
    expect(await first).toMatchObject({ ran: true, settled: [{ outcome: "captured" }] });

    const leaseOf = (holder: string, expiresAt: Date) =>
      api.db.kysely.insertInto("job_leases").values({ name: "payment-recovery", holder, expires_at: expiresAt.toISOString() }).execute();
    await leaseOf("a process that died", api.clock.now());
    expect((await settleStuckPayments(deps())).ran).toBe(true);
    await leaseOf("a process still running", new Date(api.clock.now().getTime() + 60_000));
    expect((await settleStuckPayments(deps())).ran).toBe(false);
  });
});

describe("money of cancelled orders", () => {
  const refundMails = () =>
    api.db.kysely.selectFrom("mail_outbox").select("dedupe_key").where("dedupe_key", "like", "%refunded%").execute();

  /** A paid order of a fresh shopper. */
  async function paidOrder() {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const line = { productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 };
    const { body } = await pay(api, shopper.token, paymentRequest(shopper.addressId, [line]));
    return { shopper, id: body.data.id as number, code: body.data.order_code as string };
  }

  it("cancels all the same when the refund fails, and a later pass refunds it once, e-mailing once", async () => {
    const { shopper, id, code } = await paidOrder();
    const refund = vi.spyOn(api.gateway, "refund").mockRejectedValueOnce(new Error("provider down"));

    expect(await changeOrderStatus(api.db, api.clock, api.gateway, code, "cancelled")).toEqual({
      ok: true,
      from: "confirmed",
      to: "cancelled",
      restockedUnits: 1,
      refundFailure: new Error("provider down"),
    });
    expect(await orderRow(id)).toEqual({ status: "cancelled", payment_status: "paid" });
    expect((await listPendingPayments(api.db)).refunds).toMatchObject([{ code, status: "captured", email: shopper.user.email }]);

    // Younger than the deadline, the cancellation's own call may still be running: left alone.
    expect(await settleStuckPayments(deps())).toMatchObject({ ran: true, refunds: [] });
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    refund.mockRejectedValueOnce(new Error("provider still down"));
    expect(await settleStuckPayments(deps())).toMatchObject({ refunds: [{ orderCode: code, outcome: "failed" }] });
    expect(await settleStuckPayments(deps())).toMatchObject({ refunds: [{ orderCode: code, outcome: "refunded" }] });

    expect(await orderRow(id)).toEqual({ status: "cancelled", payment_status: "refunded" });
    expect(api.gateway.refunded.size).toBe(1);
    expect(await refundMails()).toHaveLength(1);
    expect(await settleStuckPayments(deps())).toMatchObject({ refunds: [] });
    expect((await listPendingPayments(api.db)).refunds).toEqual([]);
  });

  it("records a refund once when the cancellation and the pass give it back at the same moment", async () => {
    const { id, code } = await paidOrder();
    vi.spyOn(api.gateway, "refund").mockRejectedValueOnce(new Error("provider down"));
    await changeOrderStatus(api.db, api.clock, api.gateway, code, "cancelled");

    const outcomes = await Promise.all([
      returnOrderMoney(api.db, api.clock, api.gateway, id),
      returnOrderMoney(api.db, api.clock, api.gateway, id),
    ]);

    expect(outcomes).toEqual(expect.arrayContaining([{ status: "refunded", pence: expect.any(Number) }, null]));
    expect(await refundMails()).toHaveLength(1);
  });
});

describe("listPendingPayments", () => {
  it("lists attempts still processing (with the order a crash left) and orders only authorised, and nothing once settled", async () => {
    const { shopper, orderCode } = await cutOffOrder();
    const orphan = await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: true });
    const pending = await listPendingPayments(api.db);
    expect(pending.attempts).toMatchObject([
      { email: shopper.user.email, order_code: orderCode, amount_pence: 3_000 },
      { email: shopper.user.email, order_code: null, gateway_reference: orphan.reference },
    ]);
    expect(pending.orders).toMatchObject([{ code: orderCode, status: "pending", total_pence: 3_000 }]);
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    await settleStuckPayments(deps());
    expect(await listPendingPayments(api.db)).toEqual({ attempts: [], orders: [], checkouts: [], refunds: [], pendingRefunds: [] });
  });
});

describe("startPaymentRecovery", () => {
  it("runs a pass at once, and stop waits for it", async () => {
    const { orderId } = await cutOffOrder();
    api.clock.advance(STUCK_ATTEMPT_AGE_MS + 1);
    const recovery = startPaymentRecovery(deps());
    await recovery.stop();
    expect(await orderRow(orderId)).toEqual({ status: "confirmed", payment_status: "paid" });
  });

  it("meets a database it cannot reach at start with one warning line without a stack", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // Nothing listens on port 9: the first connection is refused, as while PostgreSQL is still starting.
    const away = connect("postgres://shop@127.0.0.1:9/shop", { failFast: true, logger });
    try {
      const recovery = startPaymentRecovery({ ...deps(), db: away, logger });
      await recovery.stop();
    } finally {
      await away.close();
    }
    const passLines = lines.filter((line) => String(line.msg).includes("recovery pass"));
    expect(passLines).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining("could not reach the database") })]);
    expect(passLines[0]).not.toHaveProperty("err");
  });
});

describe("a replay of a key cut off before the capture", () => {
  it("answers the key's order at once, though its attempt still says processing", async () => {
    const { shopper, key, body, orderId } = await cutOffOrder();
    const replay = await pay(api, shopper.token, body, key);
    expect(replay).toMatchObject({ status: 200, body: { data: { id: orderId, status_name: "pending" } } });
    const attempt = await api.call("GET", `/payments/attempts/${key}`, { token: shopper.token });
    expect(attempt.body.data).toMatchObject({ status: "succeeded", order: { id: orderId }, message: null });
  });
});
