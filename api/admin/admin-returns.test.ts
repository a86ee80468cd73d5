import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "#api/auth/auth.service.ts";
import { settleStuckPayments } from "#api/payments/payment-recovery.ts";
import { PENDING_REFUND_RETRY_AGE_MS } from "#api/payments/refunds.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { type PlacedOrder, placedOrder, type ReturnsCatalogue, returnsCatalogue, usualLines } from "#api/testing/returns.ts";
import type { AdminReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let shop: ReturnsCatalogue;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi();
  shop = await returnsCatalogue(api);
  operator = await createSignedInUser(api, { name: "Ops Desk", email: "ops@example.com", role: "operator" });
});
afterEach(() => api.close());

const asOperator = (method: string, path: string, body?: unknown) => api.call(method, path, { token: operator.token, body });
const step = async (code: string, name: string, body: unknown, expected = 200) => {
  const answer = await asOperator("POST", `/admin/returns/${code}/${name}`, body);
  expect(answer.status, JSON.stringify(answer.body.error)).toBe(expected);
  return answer.body as { data: AdminReturnDto; message: string; error?: { code: string } };
};
const variantRow = (id: number) =>
  api.db.kysely.selectFrom("product_variants").select(["stock"]).where("id", "=", id).executeTakeFirstOrThrow();
const productRow = (id: number) =>
  api.db.kysely.selectFrom("products").select(["stock_total", "units_sold"]).where("id", "=", id).executeTakeFirstOrThrow();
const refundRows = (orderId: number) =>
  api.db.kysely.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
const paymentOf = (orderId: number) =>
  api.db.kysely
    .selectFrom("payments")
    .select(["reference", "status", "amount_pence"])
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
const orderRow = (orderId: number) => api.db.kysely.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
const sentMail = async (template: string) => {
  await api.outbox.idle();
  return api.mailer.sent.filter((sent) => sent.template === template);
};

const refundOf = (orderItemId: number, quantity = 1) => ({ order_item_id: orderItemId, quantity, resolution: "refund" });
async function registered(order: PlacedOrder, reason: string, items: unknown[]): Promise<AdminReturnDto> {
  const { status, body } = await api.call("POST", `/public/orders/${order.orderId}/returns`, {
    token: order.shopper.token,
    body: { reason, items },
  });
  expect(status, JSON.stringify(body.error)).toBe(201);
  return body.data;
}
const claim = async (orderCode: string, body: unknown, expected = 201) => {
  const answer = await asOperator("POST", `/admin/orders/${orderCode}/claims`, body);
  expect(answer.status, JSON.stringify(answer.body.error)).toBe(expected);
  return answer.body as { data: AdminReturnDto; message: string };
};
const SHIPMENT = { carrier: "royal_mail", tracking_number: "AB123456785GB" };

describe("a return through the back office", () => {
  it("receives, restocks only the chosen items, refunds the items and the cheaper exchange's difference, then ships the exchange", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const ret = await registered(order, "too_small", [
      { order_item_id: order.items[0], quantity: 1, resolution: "exchange", exchange_variant_id: shop.sandM },
      refundOf(order.items[1]),
    ]);
    const detail = await asOperator("GET", `/admin/returns/${ret.code}`);
    expect(detail.body.data).toMatchObject({
      customer: { name: order.shopper.user.name, email: order.shopper.user.email },
      opened_by: null,
      refund_due: 85,
      refundable: 280,
      refund_pending: 0,
      next_steps: ["receive", "reject"],
    });
    const [sandS, olive, sandM, dress] = [
      await variantRow(shop.sandS),
      await variantRow(shop.oliveM),
      await variantRow(shop.sandM),
      await productRow(shop.dress),
    ];

    const sandItem = ret.items.find((item) => item.order_item_id === order.items[1])?.id;
    const received = await step(ret.code, "receive", { restock: [sandItem] });
    expect(received.message).toBe(MSG.adminReturns.received);
    expect(received.data).toMatchObject({ state: "received", next_steps: ["refund", "ship", "reject"] });
    expect(received.data.items.map((item) => item.restocked)).toEqual([false, true]);
    expect((await variantRow(shop.sandS)).stock).toBe(sandS.stock + 1);
    expect((await variantRow(shop.oliveM)).stock).toBe(olive.stock);
    expect(await productRow(shop.dress)).toEqual({ stock_total: dress.stock_total + 1, units_sold: dress.units_sold - 1 });
    const variantSum = await api.db.kysely
      .selectFrom("product_variants")
      .select((eb) => eb.fn.sum<number>("stock").as("sum"))
      .where("product_id", "=", shop.dress)
      .executeTakeFirstOrThrow();
    expect(Number(variantSum.sum)).toBe((await productRow(shop.dress)).stock_total);

    const refunded = await step(ret.code, "refund", { amount: 85 });
    expect(refunded.message).toBe(MSG.adminReturns.refunded("£85.00"));
    expect(refunded.data).toMatchObject({ state: "received", refunded: 85, refund_pending: 0, refundable: 195, next_steps: ["ship"] });
    const payment = await paymentOf(order.orderId);
    expect(api.gateway.refunded.get(payment.reference)).toBe(8_500);
    expect(payment.status).toBe("captured");
    expect((await orderRow(order.orderId)).payment_status).toBe("paid");

    const shipped = await step(ret.code, "ship", SHIPMENT);
    expect(shipped.message).toBe(MSG.adminReturns.shipped);
    expect(shipped.data).toMatchObject({
      state: "exchanged",
      next_steps: [],
      shipment: { carrier_name: "Royal Mail", tracking_number: "AB123456785GB", tracking_url: expect.stringContaining("AB123456785GB") },
    });
    expect((await variantRow(shop.sandM)).stock).toBe(sandM.stock);

    expect((await sentMail("returnReceived")).map((sent) => sent.to)).toEqual([order.shopper.user.email]);
    expect((await sentMail("returnRefunded"))[0]?.mail.text).toContain(`We have refunded £85.00 for your return ${ret.code}`);
    expect((await sentMail("exchangeShipped"))[0]?.mail.text).toContain("tracking number AB123456785GB");
    const audit = await api.db.kysely.selectFrom("audit_log").select(["action", "subject", "actor_email"]).orderBy("id").execute();
    expect(audit.filter((row) => row.subject === `return:${ret.code}`)).toEqual(
      ["return.receive", "return.refund", "return.ship"].map((action) => ({
        action,
        subject: `return:${ret.code}`,
        actor_email: "ops@example.com",
      })),
    );
    const shopperView = await api.call("GET", `/public/returns/${ret.code}`, { token: order.shopper.token });
    expect(shopperView.body.data).toMatchObject({ state: "exchanged", refunded: 85 });
  });

  it("rejects with the reason mailed, gives the held exchange back, and then refuses every other step", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const before = await variantRow(shop.sandM);
    const ret = await registered(order, "changed_mind", [
      { order_item_id: order.items[0], quantity: 1, resolution: "exchange", exchange_variant_id: shop.sandM },
    ]);
    expect((await variantRow(shop.sandM)).stock).toBe(before.stock - 1);
    const rejected = await step(ret.code, "reject", { reason: "The dress came back worn." });
    expect(rejected.message).toBe(MSG.adminReturns.rejected);
    expect(rejected.data).toMatchObject({ state: "rejected", rejection_reason: "The dress came back worn.", next_steps: [] });
    expect((await variantRow(shop.sandM)).stock).toBe(before.stock);
    expect((await sentMail("returnRejected"))[0]?.mail.text).toContain("The reason: The dress came back worn.");
    for (const [name, body] of [
      ["receive", { restock: [] }],
      ["refund", { amount: 10 }],
      ["ship", SHIPMENT],
      ["reject", { reason: "Again." }],
    ] as const) {
      const refused = await step(ret.code, name, body, 409);
      expect(refused.error?.code).toBe("CONFLICT");
    }
    expect((await asOperator("POST", `/admin/returns/${ret.code}/receive`, { restock: [] })).body.message).toBe(
      MSG.adminReturns.wrongState("Rejected"),
    );
  });

  it("never refunds more than is left: the cap, two refunds racing for the last pounds, one refund per return", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const dresses = await registered(order, "faulty", [refundOf(order.items[0]), refundOf(order.items[1], 2)]);
    const scarf = await registered(order, "faulty", [refundOf(order.items[2])]);
    await step(dresses.code, "receive", { restock: [] });
    await step(scarf.code, "receive", { restock: [] });
    // Both faulty: each is owed the delivery until one of them has been refunded.
    expect((await asOperator("GET", `/admin/returns/${dresses.code}`)).body.data.refund_due).toBe(250);
    expect((await asOperator("GET", `/admin/returns/${scarf.code}`)).body.data.refund_due).toBe(35);

    const tooMuch = await step(scarf.code, "refund", { amount: 280.01 }, 400);
    expect(tooMuch.message).toBe(MSG.adminReturns.refundTooMuch("£280.00"));

    const race = await Promise.all([
      asOperator("POST", `/admin/returns/${dresses.code}/refund`, { amount: 250 }),
      asOperator("POST", `/admin/returns/${scarf.code}/refund`, { amount: 35 }),
    ]);
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const loser = race.find((answer) => answer.status === 400);
    expect([MSG.adminReturns.refundTooMuch("£30.00"), MSG.adminReturns.refundTooMuch("£245.00")]).toContain(loser?.body.message);
    const total = (await refundRows(order.orderId)).reduce((sum, row) => sum + row.amount_pence, 0);
    expect(total).toBeLessThanOrEqual(28_000);

    const loserCode = loser === race[0] ? dresses.code : scarf.code;
    const left = (await asOperator("GET", `/admin/returns/${loserCode}`)).body.data as AdminReturnDto;
    expect(left.refund_due).toBe(left.refundable);
    await step(loserCode, "refund", { amount: left.refundable });
    const payment = await paymentOf(order.orderId);
    expect(api.gateway.refunded.get(payment.reference)).toBe(28_000);
    expect(payment.status).toBe("refunded");
    expect((await orderRow(order.orderId)).payment_status).toBe("refunded");
    const detail = await api.call("GET", `/public/orders/${order.orderId}`, { token: order.shopper.token });
    expect(detail.body.data.refunded).toBe(280);
  });

  it("takes one of two refunds of the same return at once", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const ret = await registered(order, "changed_mind", [refundOf(order.items[2])]);
    await step(ret.code, "receive", { restock: [] });
    const answers = await Promise.all([
      asOperator("POST", `/admin/returns/${ret.code}/refund`, { amount: 30 }),
      asOperator("POST", `/admin/returns/${ret.code}/refund`, { amount: 30 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await refundRows(order.orderId)).map((row) => [row.amount_pence, row.status])).toEqual([[3_000, "succeeded"]]);
    expect((await sentMail("returnRefunded")).length).toBe(1);
  });

  it("keeps a refund the provider failed pending, and the recovery pass completes it once under the same key", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const ret = await registered(order, "changed_mind", [refundOf(order.items[2])]);
    await step(ret.code, "receive", { restock: [] });
    const keys: string[] = [];
    const refund = api.gateway.refund;
    api.gateway.refund = async (_reference, _amount, key) => {
      keys.push(key);
      throw new Error("the provider is down");
    };
    const pending = await step(ret.code, "refund", { amount: 30 });
    expect(pending.message).toBe(MSG.adminReturns.refundPending);
    expect(pending.data).toMatchObject({ state: "received", refunded: 0, refund_pending: 30, refundable: 250, next_steps: [] });
    expect(await refundRows(order.orderId)).toEqual([
      expect.objectContaining({ amount_pence: 3_000, status: "pending", last_error: "the provider is down", settled_at: null }),
    ]);

    api.gateway.refund = async (reference, amount, key) => {
      keys.push(key);
      await refund(reference, amount, key);
    };
    const deps = { db: api.db, clock: api.clock, gateway: api.gateway, outbox: api.outbox, logger: pino({ level: "silent" }) };
    expect(await settleStuckPayments(deps)).toMatchObject({ ran: true, refundsRetried: [] });
    api.clock.advance(PENDING_REFUND_RETRY_AGE_MS + 1);
    expect(await settleStuckPayments(deps)).toMatchObject({
      refundsRetried: [{ orderCode: order.orderCode, returnCode: ret.code, amountPence: 3_000, outcome: "refunded" }],
    });
    expect(await settleStuckPayments(deps)).toMatchObject({ refundsRetried: [] });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.gateway.refunded.get((await paymentOf(order.orderId)).reference)).toBe(3_000);
    const after = (await asOperator("GET", `/admin/returns/${ret.code}`)).body.data;
    expect(after).toMatchObject({ state: "refunded", refunded: 30, refund_pending: 0 });
    expect((await sentMail("returnRefunded")).length).toBe(1);
  });

  it("waits for a pending refund before an exchange shipped meanwhile is exchanged", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const ret = await registered(order, "faulty", [
      { order_item_id: order.items[0], quantity: 1, resolution: "exchange", exchange_variant_id: shop.sandS },
      refundOf(order.items[2]),
    ]);
    await step(ret.code, "receive", { restock: [] });
    const refund = api.gateway.refund;
    api.gateway.refund = async () => {
      throw new Error("the provider is down");
    };
    // The scarf, the Olive dress's difference and the delivery (faulty).
    expect((await step(ret.code, "refund", { amount: 40 })).data).toMatchObject({ refund_pending: 40, next_steps: ["ship"] });
    expect((await step(ret.code, "ship", SHIPMENT)).data).toMatchObject({ state: "received", next_steps: [] });
    api.gateway.refund = refund;
    api.clock.advance(PENDING_REFUND_RETRY_AGE_MS + 1);
    await settleStuckPayments({
      db: api.db,
      clock: api.clock,
      gateway: api.gateway,
      outbox: api.outbox,
      logger: pino({ level: "silent" }),
    });
    expect((await asOperator("GET", `/admin/returns/${ret.code}`)).body.data).toMatchObject({ state: "exchanged", refunded: 40 });
    expect((await sentMail("exchangeShipped")).length).toBe(1);
    expect((await sentMail("returnRefunded"))[0]?.mail.text).toContain("£40.00");
  });

  it("refuses bad steps and hostile bodies with a 4xx", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const ret = await registered(order, "changed_mind", [refundOf(order.items[2])]);
    const other = await registered(order, "changed_mind", [refundOf(order.items[1])]);
    const forged = await step(ret.code, "receive", { restock: [other.items[0]?.id] }, 400);
    expect(forged.message).toBe(MSG.adminReturns.restockNotOnReturn);
    expect((await step(ret.code, "refund", { amount: 10 }, 409)).message).toBe(MSG.adminReturns.wrongState("Requested"));
    expect((await step(ret.code, "ship", SHIPMENT, 409)).message).toBe(MSG.adminReturns.wrongState("Requested"));
    await step(ret.code, "receive", { restock: [] });
    expect((await step(ret.code, "ship", SHIPMENT, 409)).message).toBe(MSG.adminReturns.nothingToShip);
    for (const amount of ["abc", -5, 0, 0.001, 2_000_000, null, [10], true]) await step(ret.code, "refund", { amount }, 400);
    for (const body of [{ restock: "everything" }, { restock: Array.from({ length: 101 }, (_, index) => index + 1) }, { restock: [-1] }]) {
      await step(other.code, "receive", body, 400);
    }
    await step(other.code, "reject", { reason: "" }, 400);
    await step(other.code, "reject", { reason: "x".repeat(501) }, 400);
    await step(other.code, "ship", { carrier: "pigeon", tracking_number: "1" }, 400);
    expect((await asOperator("GET", "/admin/returns/RT-AAAA-BBBB")).status).toBe(404);
    expect((await asOperator("GET", "/admin/returns/not-a-code")).status).toBe(400);
    expect((await asOperator("GET", "/admin/returns?state=lost")).status).toBe(400);
    expect((await refundRows(order.orderId)).length).toBe(0);
  });
});

describe("claims", () => {
  it("a parcel that never arrived: a replacement held from stock and shipped with tracking, without the goods coming back", async () => {
    const order = await placedOrder(api, usualLines(shop), { until: "shipped" });
    const before = await variantRow(shop.oliveM);
    const opened = await claim(order.orderCode, {
      reason: "never_arrived",
      outcome: "replacement",
      goods_back: false,
      note: "Called on Monday: nothing came.",
      items: [{ order_item_id: order.items[0], quantity: 1 }],
    });
    expect(opened.message).toBe(MSG.adminReturns.claimOpened);
    expect(opened.data).toMatchObject({
      kind: "claim",
      reason_name: "Never arrived",
      state: "received",
      goods_back: false,
      note: "Called on Monday: nothing came.",
      opened_by: "ops@example.com",
      refund_due: 0,
      next_steps: ["ship", "reject"],
    });
    expect(opened.data.items).toEqual([
      expect.objectContaining({ resolution: "exchange", exchange_variant_name: "Olive / M", restocked: null }),
    ]);
    expect((await variantRow(shop.oliveM)).stock).toBe(before.stock - 1);
    expect(await sentMail("returnRegistered")).toEqual([]);

    const shipped = await step(opened.data.code, "ship", SHIPMENT);
    expect(shipped.data).toMatchObject({ state: "exchanged", next_steps: [], shipment: { tracking_number: "AB123456785GB" } });
    const resolved = await sentMail("claimResolved");
    expect(resolved.map((sent) => sent.to)).toEqual([order.shopper.user.email]);
    expect(resolved[0]?.mail.text).toContain("Your replacement is on its way.");
    expect(resolved[0]?.mail.text).toContain("tracking number AB123456785GB");
    expect(await sentMail("exchangeShipped")).toEqual([]);
    const audit = await api.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "=", `return:${opened.data.code}`)
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["claim.open", "return.ship"]);
    const shopperView = await api.call("GET", `/public/returns/${opened.data.code}`, { token: order.shopper.token });
    expect(shopperView.body.data).toMatchObject({ kind: "claim", state: "exchanged" });
  });

  it("a refund claim gives the delivery back once, and ignores the window and final sale", async () => {
    await api.db.kysely.updateTable("products").set({ final_sale: 1 }).execute();
    const order = await placedOrder(api, usualLines(shop));
    api.clock.advance(40 * 24 * 60 * 60 * 1000);
    operator.token = await issueToken(api.db.kysely, api.clock, operator.user.id);
    const scarf = await claim(order.orderCode, {
      reason: "damaged",
      outcome: "refund",
      goods_back: false,
      items: [{ order_item_id: order.items[2], quantity: 1 }],
    });
    expect(scarf.data).toMatchObject({ state: "received", refund_due: 35, next_steps: ["refund", "reject"] });
    const refunded = await step(scarf.data.code, "refund", { amount: 35 });
    expect(refunded.data).toMatchObject({ state: "refunded", refunded: 35 });
    expect((await sentMail("claimResolved"))[0]?.mail.text).toContain("We have refunded £35.00");
    expect(await sentMail("returnRefunded")).toEqual([]);

    const dress = await claim(order.orderCode, {
      reason: "damaged",
      outcome: "refund",
      goods_back: true,
      items: [{ order_item_id: order.items[0], quantity: 1 }],
    });
    expect(dress.data).toMatchObject({ state: "requested", refund_due: 85, next_steps: ["receive", "reject"] });
    expect((await sentMail("returnRegistered")).map((sent) => sent.mail.subject)).toEqual([expect.stringContaining(dress.data.code)]);
  });

  it("refuses a claim on an order not shipped, an item not on the order, units already claimed, and a replacement out of stock", async () => {
    const confirmed = await placedOrder(api, usualLines(shop), { until: "confirmed" });
    const item = (id: number, quantity = 1) => ({ order_item_id: id, quantity });
    const claimBody = (items: unknown[], outcome = "refund") => ({ reason: "damaged", outcome, goods_back: false, items });
    expect((await claim(confirmed.orderCode, claimBody([item(confirmed.items[0])]), 409)).message).toBe(MSG.adminReturns.claimNotShipped);
    const order = await placedOrder(api, usualLines(shop));
    expect((await claim(order.orderCode, claimBody([item(confirmed.items[0])]), 400)).message).toBe(MSG.returns.itemNotOnOrder);
    await claim(order.orderCode, claimBody([item(order.items[2])]));
    expect((await claim(order.orderCode, claimBody([item(order.items[2])]), 400)).message).toBe(MSG.returns.alreadyReturned("Silk Scarf"));
    await api.db.kysely.updateTable("product_variants").set({ stock: 0 }).where("id", "=", shop.oliveM).execute();
    expect((await claim(order.orderCode, claimBody([item(order.items[0])], "replacement"), 400)).message).toBe(
      MSG.adminReturns.replacementOutOfStock("Linen Dress (Olive / M)"),
    );
    expect((await claim("MN-AAAA-BBBB", claimBody([item(order.items[0])]), 404)).message).toBe(MSG.admin.orders.notFound);
    await claim(order.orderCode, { reason: "lost", outcome: "refund", items: [item(order.items[0])] }, 400);
    await claim(order.orderCode, { reason: "damaged", outcome: "refund", items: [] }, 400);
    await claim(order.orderCode, { ...claimBody([item(order.items[0])]), note: "x".repeat(2001) }, 400);
  });
});

describe("GET /admin/returns", () => {
  it("lists returns and claims newest first, by state, kind and a search by code or e-mail", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const first = await registered(order, "too_large", [refundOf(order.items[1])]);
    api.clock.advance(60_000);
    const second = await claim(order.orderCode, {
      reason: "damaged",
      outcome: "refund",
      goods_back: false,
      items: [{ order_item_id: order.items[2], quantity: 1 }],
    });
    const list = async (query: string) => {
      const { status, body } = await asOperator("GET", `/admin/returns${query}`);
      expect(status).toBe(200);
      return body.data as { returns: { code: string }[]; pagination: { total: number } };
    };
    const all = await list("");
    expect(all.returns.map((row) => row.code)).toEqual([second.data.code, first.code]);
    expect(all.returns[1]).toEqual({
      code: first.code,
      kind: "return",
      state: "requested",
      reason_name: "Too large",
      order_code: order.orderCode,
      customer_email: order.shopper.user.email,
      created_at: first.created_at,
      items: 1,
      refunded: 0,
    });
    expect((await list("?state=received")).returns.map((row) => row.code)).toEqual([second.data.code]);
    expect((await list("?kind=return")).returns.map((row) => row.code)).toEqual([first.code]);
    expect((await list(`?q=${first.code.toLowerCase()}`)).returns.map((row) => row.code)).toEqual([first.code]);
    expect((await list(`?q=${order.orderCode}`)).pagination.total).toBe(2);
    expect((await list(`?q=${order.shopper.user.email.toUpperCase()}`)).pagination.total).toBe(2);
    expect((await list("?q=%25")).returns).toEqual([]);
    expect((await list("?limit=1&page=2")).returns.map((row) => row.code)).toEqual([first.code]);
  });
});
