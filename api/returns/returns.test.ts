import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "#api/auth/auth.service.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { type PlacedOrder, placedOrder, type ReturnsCatalogue, returnsCatalogue, usualLines } from "#api/testing/returns.ts";
import { MSG } from "#contract/messages.ts";
import { RETURN_CODE_PATTERN, RETURN_LIMITS } from "#contract/returns.ts";

let api: FreshApi;
let shop: ReturnsCatalogue;
beforeEach(async () => {
  api = await freshApi();
  shop = await returnsCatalogue(api);
});
afterEach(() => api.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const stockOf = async (variantId: number) =>
  (await api.db.kysely.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const stockTotalOf = async (productId: number) =>
  (await api.db.kysely.selectFrom("products").select("stock_total").where("id", "=", productId).executeTakeFirstOrThrow()).stock_total;
const returnCount = async () =>
  Number(
    (
      await api.db.kysely
        .selectFrom("returns")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const options = (order: PlacedOrder, token = order.shopper.token) =>
  api.call("GET", `/public/orders/${order.orderId}/returns/options`, { token });
const register = (order: PlacedOrder, body: unknown, token = order.shopper.token) =>
  api.call("POST", `/public/orders/${order.orderId}/returns`, { token, body });
const refundOf = (orderItemId: number, quantity = 1) => ({ order_item_id: orderItemId, quantity, resolution: "refund" });

describe("the return form's options", () => {
  it("offers each item's free units, final sale and the same product's other variants with their price difference", async () => {
    await api.db.kysely.updateTable("products").set({ final_sale: 1 }).where("id", "=", shop.scarf).execute();
    const order = await placedOrder(api, usualLines(shop));
    const { status, body } = await options(order);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ order_id: order.orderId, order_code: order.orderCode, open: true, closed_reason: null });
    expect(Date.parse(body.data.window_ends_at) - Date.parse(body.data.delivered_at)).toBe(30 * DAY_MS);
    const [olive, sand, scarf] = body.data.items;
    expect(olive).toMatchObject({ variant_name: "Olive / M", unit_paid: 85, quantity: 1, returnable_quantity: 1, final_sale: false });
    expect(olive.exchange_options).toEqual([
      { variant_id: shop.sandS, name: "Sand / S", in_stock: true, price_difference: -5 },
      { variant_id: shop.sandM, name: "Sand / M", in_stock: true, price_difference: -5 },
    ]);
    // Olive costs more than Sand: a Sand dress exchanged for it pays the difference.
    expect(
      sand.exchange_options.map((option: { name: string; price_difference: number }) => [option.name, option.price_difference]),
    ).toEqual([
      ["Sand / M", 0],
      ["Olive / M", 5],
    ]);
    expect(scarf).toMatchObject({ final_sale: true, exchange_options: [] });
  });

  it("is closed before delivery, after the window and once everything is returned, saying why", async () => {
    const shipped = await placedOrder(api, usualLines(shop), { until: "shipped" });
    expect((await options(shipped)).body.data).toMatchObject({
      open: false,
      closed_reason: MSG.returns.notDelivered,
      window_ends_at: null,
    });

    const small = await placedOrder(api, [{ productId: shop.scarf, variantId: shop.ivory, quantity: 1 }]);
    expect((await register(small, { reason: "changed_mind", items: [refundOf(small.items[0])] })).status).toBe(201);
    expect((await options(small)).body.data).toMatchObject({ open: false, closed_reason: MSG.returns.nothingReturnable });

    const late = await placedOrder(api, usualLines(shop));
    api.clock.advance(31 * DAY_MS);
    const token = await issueToken(api.db.kysely, api.clock, late.shopper.user.id);
    expect((await options(late, token)).body.data).toMatchObject({ open: false, closed_reason: MSG.returns.windowClosed });
  });
});

describe("POST /public/orders/:id/returns", () => {
  it("registers a refund and an exchange for a cheaper variant, holds the exchange's unit and mails the label", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const [sandMBefore, totalBefore] = [await stockOf(shop.sandM), await stockTotalOf(shop.dress)];
    const { status, body } = await register(order, {
      reason: "too_small",
      items: [
        { order_item_id: order.items[0], quantity: 1, resolution: "exchange", exchange_variant_id: shop.sandM },
        refundOf(order.items[2]),
      ],
    });
    expect(status, JSON.stringify(body.error)).toBe(201);
    expect(body.message).toBe(MSG.returns.registered);
    expect(body.data).toMatchObject({
      kind: "return",
      reason: "too_small",
      reason_name: "Too small",
      state: "requested",
      state_name: "Requested",
      goods_back: true,
      order_id: order.orderId,
      order_code: order.orderCode,
      refunded: 0,
      shipment: null,
    });
    expect(body.data.code).toMatch(RETURN_CODE_PATTERN);
    expect(body.data.items).toEqual([
      expect.objectContaining({
        order_item_id: order.items[0],
        resolution: "exchange",
        exchange_variant_name: "Sand / M",
        unit_paid: 85,
        restocked: null,
      }),
      expect.objectContaining({ order_item_id: order.items[2], resolution: "refund", exchange_variant_name: null, unit_paid: 30 }),
    ]);
    expect(await stockOf(shop.sandM)).toBe(sandMBefore - 1);
    expect(await stockTotalOf(shop.dress)).toBe(totalBefore - 1);

    const shown = await api.call("GET", `/public/returns/${body.data.code.toLowerCase()}`, { token: order.shopper.token });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(body.data);
    const detail = await api.call("GET", `/public/orders/${order.orderId}`, { token: order.shopper.token });
    expect(detail.body.data.returns).toEqual([
      { code: body.data.code, kind: "return", state: "requested", state_name: "Requested", created_at: body.data.created_at },
    ]);

    await api.outbox.idle();
    const label = api.mailer.sent.find((sent) => sent.template === "returnRegistered");
    expect(label?.to).toBe(order.shopper.user.email);
    expect(label?.mail.subject).toContain(body.data.code);
    expect(label?.mail.text).toContain(`https://shop.test/returns/${body.data.code}/label`);
    expect(label?.mail.text).toContain("1 × Linen Dress (Olive / M): Exchange for another size or colour: Sand / M");
    expect(label?.mail.text).toContain("1 × Silk Scarf (Ivory / One Size): Refund");
  });

  it("refuses a return 31 days after delivery with its text, and takes one on the 30th day", async () => {
    const order = await placedOrder(api, usualLines(shop));
    api.clock.advance(30 * DAY_MS);
    let token = await issueToken(api.db.kysely, api.clock, order.shopper.user.id);
    expect((await register(order, { reason: "changed_mind", items: [refundOf(order.items[2])] }, token)).status).toBe(201);
    api.clock.advance(DAY_MS);
    token = await issueToken(api.db.kysely, api.clock, order.shopper.user.id);
    const { status, body } = await register(order, { reason: "changed_mind", items: [refundOf(order.items[1])] }, token);
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.returns.windowClosed);
  });

  it("refuses a final-sale item with its text, and an order not delivered", async () => {
    await api.db.kysely.updateTable("products").set({ final_sale: 1 }).where("id", "=", shop.scarf).execute();
    const order = await placedOrder(api, usualLines(shop));
    const finalSale = await register(order, { reason: "changed_mind", items: [refundOf(order.items[1]), refundOf(order.items[2])] });
    expect(finalSale.status).toBe(400);
    expect(finalSale.body.message).toBe(MSG.returns.finalSaleRefused("Silk Scarf"));

    const shipped = await placedOrder(api, usualLines(shop), { until: "shipped" });
    const early = await register(shipped, { reason: "changed_mind", items: [refundOf(shipped.items[1])] });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG.returns.notDelivered);
    expect(await returnCount()).toBe(0);
  });

  it("refuses an item already returned, and more units than are left; a rejected return frees its units", async () => {
    const order = await placedOrder(api, usualLines(shop));
    expect((await register(order, { reason: "too_large", items: [refundOf(order.items[1])] })).status).toBe(201);
    const tooMany = await register(order, { reason: "too_large", items: [refundOf(order.items[1], 2)] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG.returns.tooMany("Linen Dress", 1));
    const second = await register(order, { reason: "too_large", items: [refundOf(order.items[1])] });
    expect(second.status).toBe(201);
    const twice = await register(order, { reason: "too_large", items: [refundOf(order.items[1])] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.returns.alreadyReturned("Linen Dress"));

    await api.db.kysely.updateTable("returns").set({ state: "rejected" }).where("code", "=", second.body.data.code).execute();
    expect((await register(order, { reason: "too_large", items: [refundOf(order.items[1])] })).status).toBe(201);
  });

  it("takes one of two concurrent returns of the last unit", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const body = { reason: "changed_mind", items: [refundOf(order.items[2])] };
    const answers = await Promise.all([register(order, body), register(order, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.message).toBe(MSG.returns.alreadyReturned("Silk Scarf"));
    const units = await api.db.kysely.selectFrom("return_items").select("quantity").where("order_item_id", "=", order.items[2]).execute();
    expect(units).toEqual([{ quantity: 1 }]);
  });

  it("refuses an exchange out of stock, for the same variant, or of another product, and writes nothing", async () => {
    const order = await placedOrder(api, usualLines(shop));
    await api.db.kysely.updateTable("product_variants").set({ stock: 0 }).where("id", "=", shop.sandM).execute();
    const exchange = (orderItemId: number, variantId: number) => ({
      reason: "too_small",
      items: [
        refundOf(order.items[2]),
        { order_item_id: orderItemId, quantity: 1, resolution: "exchange", exchange_variant_id: variantId },
      ],
    });
    const outOfStock = await register(order, exchange(order.items[0], shop.sandM));
    expect(outOfStock.status).toBe(400);
    expect(outOfStock.body.message).toBe(MSG.returns.exchangeOutOfStock("Sand / M"));
    for (const [item, variant] of [
      [order.items[1], shop.ivory],
      [order.items[1], shop.sandS],
    ]) {
      const refused = await register(order, exchange(item, variant));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MSG.returns.exchangeVariantInvalid);
    }
    expect(await returnCount()).toBe(0);
    expect(await stockOf(shop.sandM)).toBe(0);
  });
});

describe("whose returns", () => {
  it("answers another shopper's order and return as missing, and a guest 401", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { body } = await register(order, { reason: "changed_mind", items: [refundOf(order.items[2])] });
    const stranger = await createSignedInUser(api);
    expect((await options(order, stranger.token)).status).toBe(404);
    expect((await register(order, { reason: "changed_mind", items: [refundOf(order.items[1])] }, stranger.token)).status).toBe(404);
    expect((await api.call("GET", `/public/returns/${body.data.code}`, { token: stranger.token })).status).toBe(404);
    expect((await api.call("GET", "/public/returns/RT-AAAA-BBBB", { token: order.shopper.token })).status).toBe(404);
    expect((await api.call("GET", `/public/orders/${order.orderId}/returns/options`)).status).toBe(401);
    expect((await api.call("POST", `/public/orders/${order.orderId}/returns`, { body: {} })).status).toBe(401);
    expect((await api.call("GET", `/public/returns/${body.data.code}`)).status).toBe(401);
  });

  it("refuses hostile input with a 4xx and writes nothing", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const other = await placedOrder(api, usualLines(shop));
    const raw = await api.app.request(`/api/public/orders/${order.orderId}/returns`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${order.shopper.token}` },
      body: '{"reason": "too_small", "items": [',
    });
    expect(raw.status).toBe(400);
    const bodies: unknown[] = [
      {},
      { reason: "bored", items: [refundOf(order.items[0])] },
      { reason: "faulty", items: [] },
      { reason: "faulty", items: "all" },
      { reason: "faulty", items: [{ order_item_id: "one", quantity: 1, resolution: "refund" }] },
      { reason: "faulty", items: [{ order_item_id: order.items[0], quantity: -1, resolution: "refund" }] },
      { reason: "faulty", items: [{ order_item_id: order.items[0], quantity: 1.5, resolution: "refund" }] },
      { reason: "faulty", items: [{ order_item_id: order.items[0], quantity: 1, resolution: "exchange" }] },
      { reason: "faulty", items: [refundOf(order.items[0]), refundOf(order.items[0])] },
      { reason: "faulty", items: Array.from({ length: RETURN_LIMITS.itemsMax + 1 }, (_, index) => refundOf(index + 1)) },
      { reason: "faulty", items: [refundOf(other.items[0])] },
      { reason: "faulty", items: [refundOf(Number.MAX_SAFE_INTEGER)] },
    ];
    for (const body of bodies) {
      const { status } = await register(order, body);
      expect(status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await register(order, { reason: "faulty", items: [refundOf(other.items[0])] })).body.message).toBe(MSG.returns.itemNotOnOrder);
    expect((await api.call("GET", "/public/orders/abc/returns/options", { token: order.shopper.token })).status).toBe(400);
    expect((await api.call("GET", "/public/returns/not-a-code", { token: order.shopper.token })).status).toBe(400);
    expect(await returnCount()).toBe(0);
  });
});

describe("the shopper's data export", () => {
  it("includes their returns", async () => {
    const order = await placedOrder(api, usualLines(shop));
    const { body } = await register(order, { reason: "faulty", items: [refundOf(order.items[2])] });
    const exported = await api.call("GET", "/public/account/data", { token: order.shopper.token });
    expect(exported.status).toBe(200);
    expect(exported.body.data.returns).toEqual([body.data]);
  });
});
