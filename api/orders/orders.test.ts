import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, pay, paymentCutOffBeforeCapture, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { ORDER_STATUSES } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { changeOrderStatus } from "./orders.service.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

async function placeOrders(count: number) {
  const shop = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const orders = [];
  for (let index = 0; index < count; index++) {
    api.clock.advance(60_000);
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]),
    );
    orders.push(body.data);
  }
  return { shopper, orders };
}

describe("orders", () => {
  it("lists the shopper's orders newest first with the summary fields and pagination", async () => {
    const { shopper, orders } = await placeOrders(3);
    const { status, body } = await api.call("GET", "/orders/my-orders?page=1&limit=2", { token: shopper.token });
    expect(status).toBe(200);
    expect(body.message).toBe(MSG.orders.fetched);
    expect(body.data.pagination).toEqual({ total: 3, totalPages: 2, page: 1, limit: 2 });
    expect(body.data.orders).toEqual([
      {
        id: orders[2].id,
        code: orders[2].order_code,
        created_at: orders[2].created_at,
        status_name: "confirmed",
        payment_status: "paid",
        total: 125,
        product_image: "/images/silk.jpg",
        held_until: null,
      },
      expect.objectContaining({ id: orders[1].id }),
    ]);
    const second = await api.call("GET", "/orders/my-orders?page=2&limit=2", { token: shopper.token });
    expect(second.body.data.orders.map((order: { id: number }) => order.id)).toEqual([orders[0].id]);
  });

  it("answers an empty list to a shopper without orders, and 401 without a token", async () => {
    const { token } = await createSignedInUser(api);
    const { body } = await api.call("GET", "/orders/my-orders", { token });
    expect(body.data).toEqual({ orders: [], pagination: { total: 0, totalPages: 1, page: 1, limit: 10 } });
    expect((await api.call("GET", "/orders/my-orders")).status).toBe(401);
    expect((await api.call("GET", "/orders/my-orders?limit=1000", { token })).status).toBe(400);
  });

  it("shows an order to its owner only: another user's order is not found", async () => {
    const { shopper, orders } = await placeOrders(1);
    const mine = await api.call("GET", `/public/orders/${orders[0].id}`, { token: shopper.token });
    expect(mine).toMatchObject({ status: 200, body: { success: true, message: MSG.orders.detailFetched, data: orders[0] } });
    const other = await createSignedInUser(api);
    const theirs = await api.call("GET", `/public/orders/${orders[0].id}`, { token: other.token });
    expect(theirs).toMatchObject({ status: 404, body: { success: false, message: MSG.orders.notFound } });
    expect((await api.call("GET", "/public/orders/999999", { token: shopper.token })).status).toBe(404);
    expect((await api.call("GET", "/public/orders/abc", { token: shopper.token })).status).toBe(400);
  });

  it("moves orders only along the allowed transitions; cancelling restocks and refunds", async () => {
    const { shopper, orders } = await placeOrders(1);
    const code = orders[0].order_code as string;
    const change = (to: Parameters<typeof changeOrderStatus>[4]) => changeOrderStatus(api.db, api.clock, api.gateway, code, to);
    const stock = () => api.db.kysely.selectFrom("product_variants").select("stock").orderBy("id").executeTakeFirstOrThrow();
    expect((await stock()).stock).toBe(9);
    expect(await change("completed")).toEqual({ ok: false, reason: "forbidden", from: "confirmed" });
    expect(await change("pending")).toEqual({ ok: false, reason: "forbidden", from: "confirmed" });
    expect(await change("processing")).toEqual({ ok: true, from: "confirmed", to: "processing" });
    // A product total that drifted from its variants is recomputed by the restock, not moved by the quantity.
    const { product_id: productId } = await api.db.kysely
      .selectFrom("product_variants")
      .select("product_id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await api.db.kysely.updateTable("products").set({ stock_total: 500 }).where("id", "=", productId).execute();
    const { total } = orders[0] as { total: number };
    // It says what it did: the one unit back in stock, the payment refunded whole.
    expect(await change("cancelled")).toEqual({
      ok: true,
      from: "processing",
      to: "cancelled",
      restockedUnits: 1,
      moneyBack: { status: "refunded", pence: Math.round(total * 100) },
    });
    expect((await stock()).stock).toBe(10);
    const variantStocks = await api.db.kysely.selectFrom("product_variants").select("stock").where("product_id", "=", productId).execute();
    const { stock_total } = await api.db.kysely
      .selectFrom("products")
      .select("stock_total")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
    expect(stock_total).toBe(variantStocks.reduce((sum, variant) => sum + variant.stock, 0));
    expect(api.gateway.refunded.size).toBe(1);
    const { body } = await api.call("GET", `/public/orders/${orders[0].id}`, { token: shopper.token });
    expect(body.data).toMatchObject({ status_name: "cancelled", payment_status: "refunded" });
    expect(await change("processing")).toEqual({ ok: false, reason: "forbidden", from: "cancelled" });
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, "MN-NONE-NONE", "processing")).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("cancelling a pending order whose capture failed voids its authorisation, and refunds nothing", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const cutOff = await paymentCutOffBeforeCapture(api, shopper, { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 });
    const { reference } = await api.db.kysely
      .selectFrom("payments")
      .select("reference")
      .where("order_id", "=", cutOff.orderId)
      .executeTakeFirstOrThrow();
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, cutOff.orderCode, "cancelled")).toEqual({
      ok: true,
      from: "pending",
      to: "cancelled",
      restockedUnits: 1,
      moneyBack: { status: "voided", pence: 3_000 },
    });
    expect([...api.gateway.voided]).toEqual([reference]);
    expect(api.gateway.refunded.size).toBe(0);
    const { body } = await api.call("GET", `/public/orders/${cutOff.orderId}`, { token: shopper.token });
    expect(body.data).toMatchObject({ status_name: "cancelled", payment_status: "voided" });
    expect((await api.db.kysely.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe("voided");
  });

  it("ships only with a carrier and tracking number, shows them to the shopper, and writes every change to the order's history", async () => {
    const { shopper, orders } = await placeOrders(1);
    const code = orders[0].order_code as string;
    await changeOrderStatus(api.db, api.clock, api.gateway, code, "processing");
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, code, "shipped")).toEqual({ ok: false, reason: "shipment_required" });
    const shipment = { carrier: "evri", trackingNumber: "H00A1B2C3D4E5F6G" } as const;
    expect(await changeOrderStatus(api.db, api.clock, api.gateway, code, "shipped", { shipment })).toEqual({
      ok: true,
      from: "processing",
      to: "shipped",
    });
    const order = await api.db.kysely
      .selectFrom("orders")
      .select(["carrier", "tracking_number", "shipped_at"])
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ carrier: "evri", tracking_number: "H00A1B2C3D4E5F6G", shipped_at: api.clock.now().toISOString() });
    const events = await api.db.kysely.selectFrom("order_events").select(["status", "actor_user_id"]).orderBy("id").execute();
    expect(events).toEqual([
      { status: "pending", actor_user_id: null },
      { status: "confirmed", actor_user_id: null },
      { status: "processing", actor_user_id: null },
      { status: "shipped", actor_user_id: null },
    ]);
    const { body } = await api.call("GET", `/public/orders/${orders[0].id}`, { token: shopper.token });
    expect(body.data).toMatchObject({
      status_name: "shipped",
      shipment: {
        carrier_name: "Evri",
        tracking_number: "H00A1B2C3D4E5F6G",
        tracking_url: "https://www.evri.com/track/parcel/H00A1B2C3D4E5F6G",
      },
    });
    // Without an operator (the command line), nothing is written to the operators' audit log.
    expect(await api.db.kysely.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("holds order statuses to the known set in the database", async () => {
    const { orders } = await placeOrders(1);
    await expect(
      api.db.kysely
        .updateTable("orders")
        .set({ status: "lost" as never })
        .where("id", "=", orders[0].id)
        .execute(),
    ).rejects.toThrow();
    for (const status of ORDER_STATUSES) {
      await api.db.kysely.updateTable("orders").set({ status }).where("id", "=", orders[0].id).execute();
    }
  });
});
