import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi();
  operator = await createSignedInUser(api, { name: "Ops Desk", email: "ops@example.com", role: "operator" });
});
afterEach(() => api.close());

/** Orders placed through checkout, a minute apart, by two shoppers (the second one's e-mail is rita@example.com). */
async function placeOrders(count: number) {
  const shop = await checkoutCatalogue(api);
  const first = await shopperWithAddress(api);
  const second = await shopperWithAddress(api);
  await api.db.kysely.updateTable("users").set({ email: "rita@example.com" }).where("id", "=", second.user.id).execute();
  const codes: string[] = [];
  for (let index = 0; index < count; index++) {
    api.clock.advance(60_000);
    const shopper = index % 2 === 0 ? first : second;
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 2 }]),
    );
    codes.push(body.data.order_code);
  }
  return { shop, codes };
}

const asOperator = (method: string, path: string, body?: unknown) => api.call(method, path, { token: operator.token, body });
const list = async (query: string) => {
  const { status, body } = await asOperator("GET", `/admin/orders${query}`);
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.data as { orders: { code: string }[]; pagination: { total: number } };
};
const auditRows = () => api.db.kysely.selectFrom("audit_log").selectAll().orderBy("id").execute();

describe("admin orders", () => {
  it("lists orders newest first, filtered by status, dates and a search by code or e-mail, one page at a time", async () => {
    const { codes } = await placeOrders(3);
    expect((await list("")).orders.map((order) => order.code)).toEqual([...codes].reverse());
    expect((await list("")).orders[0]).toEqual({
      code: codes[2],
      created_at: expect.any(String),
      status: "confirmed",
      payment_status: "paid",
      total: expect.any(Number),
      customer_email: expect.stringContaining("@"),
      items: 2,
    });
    await asOperator("POST", `/admin/orders/${codes[0]}/status`, { status: "processing" });
    expect((await list("?status=processing")).orders.map((order) => order.code)).toEqual([codes[0]]);
    expect((await list("?status=")).pagination.total).toBe(3);
    await asOperator("POST", `/admin/orders/${codes[2]}/status`, { status: "cancelled" });
    expect((await list("?status=to_ship")).orders.map((order) => order.code)).toEqual([codes[1], codes[0]]);

    expect((await list(`?q=${codes[1]?.toLowerCase()}`)).orders.map((order) => order.code)).toEqual([codes[1]]);
    expect((await list("?q=RITA@EXAMPLE")).orders.map((order) => order.code)).toEqual([codes[1]]);
    expect((await list("?q=%25")).orders).toEqual([]);
    expect((await list("?q=_")).orders).toEqual([]);

    const today = api.clock.now().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).pagination.total).toBe(3);
    expect((await list("?to=2000-01-01")).orders).toEqual([]);
    expect((await list("?from=2999-01-01")).orders).toEqual([]);

    const firstPage = await list("?limit=2");
    expect(firstPage.pagination).toEqual({ total: 3, totalPages: 2, page: 1, limit: 2 });
    expect((await list("?limit=2&page=2")).orders.map((order) => order.code)).toEqual([codes[0]]);
  });

  it("refuses filters it cannot read with 400 and the reason", async () => {
    for (const [query, message] of [
      ["?status=lost", MSG.admin.orders.badStatus],
      ["?from=2026-13-40", MSG.admin.orders.badDate],
      ["?from=yesterday", MSG.admin.orders.badDate],
      ["?from=2026-11-20&to=2026-11-01", MSG.admin.orders.datesReversed],
      [`?q=${"x".repeat(300)}`, MSG.admin.orders.searchTooLong(254)],
      ["?page=0", undefined],
      ["?limit=5000", undefined],
      ["?page=1e400", undefined],
    ] as const) {
      const { status, body } = await asOperator("GET", `/admin/orders${query}`);
      expect(status, query).toBe(400);
      if (message) expect(body.error.details.map((detail: { message: string }) => detail.message)).toContain(message);
    }
  });

  it("shows one order in full: items, address, customer, payment reference, totals and history", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    const { status, body } = await asOperator("GET", `/admin/orders/${code.toLowerCase()}`);
    expect(status).toBe(200);
    const payment = await api.db.kysely.selectFrom("payments").select("reference").executeTakeFirstOrThrow();
    expect(body.data).toMatchObject({
      code,
      status: "confirmed",
      next_statuses: ["processing", "cancelled"],
      customer: { name: expect.any(String), email: expect.stringContaining("@") },
      shipping_address: { line1: expect.any(String), city: expect.any(String), postal_code: expect.any(String) },
      payment: {
        method: "credit_card",
        method_name: "Credit Card",
        status: "paid",
        gateway: "test",
        reference: payment.reference,
        card_last4: "4242",
      },
      items: [
        {
          id: expect.any(Number),
          product_name: "Silk Abaya",
          variant_name: expect.stringContaining("Black"),
          sku: expect.any(String),
          quantity: 2,
          unit_price: 120,
          line_total: 240,
          returnable_quantity: 2,
        },
      ],
      totals: { subtotal: 240, total: expect.any(Number) },
      shipment: null,
      returns: [],
    });
    expect((await asOperator("GET", "/admin/orders/MN-NONE-NONE")).status).toBe(404);
    expect((await asOperator("GET", "/admin/orders/not%20a%20code")).status).toBe(400);
    expect((await asOperator("GET", `/admin/orders/${"A".repeat(40)}`)).status).toBe(400);
  });

  it("lists an order's returns and claims, and counts only units no live return or claim holds as still returnable", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    const order = await api.db.kysely.selectFrom("orders").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    const item = await api.db.kysely.selectFrom("order_items").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const now = api.clock.now().toISOString();
    for (const [returnCode, state] of [
      ["RT-AAAA-AAAA", "rejected"],
      ["RT-BBBB-BBBB", "requested"],
    ] as const) {
      const row = await api.db.kysely
        .insertInto("returns")
        .values({
          code: returnCode,
          order_id: order.id,
          kind: "return",
          reason: "too_small",
          state,
          goods_back: 1,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await api.db.kysely
        .insertInto("return_items")
        .values({ return_id: row.id, order_item_id: item.id, quantity: 1, resolution: "refund" })
        .execute();
    }
    const { body } = await asOperator("GET", `/admin/orders/${code}`);
    expect(body.data.items).toMatchObject([{ id: item.id, quantity: 2, returnable_quantity: 1 }]);
    expect(body.data.returns).toEqual([
      { code: "RT-AAAA-AAAA", kind: "return", state: "rejected", state_name: "Rejected", created_at: now },
      { code: "RT-BBBB-BBBB", kind: "return", state: "requested", state_name: "Requested", created_at: now },
    ]);
  });

  it("moves an order along its transitions as the operator: history with who, audit before and after, 409 for a move not allowed", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    const forbidden = await asOperator("POST", `/admin/orders/${code}/status`, { status: "delivered" });
    expect(forbidden).toMatchObject({ status: 409, body: { message: MSG.admin.orders.cannotMove(code, "confirmed", "delivered") } });
    const earlyShip = await asOperator("POST", `/admin/orders/${code}/ship`, { carrier: "royal_mail", tracking_number: "AB123456785GB" });
    expect(earlyShip.status).toBe(409);
    expect(await auditRows()).toEqual([]);

    const moved = await asOperator("POST", `/admin/orders/${code}/status`, { status: "processing" });
    expect(moved).toMatchObject({ status: 200, body: { data: { code, from: "confirmed", to: "processing" } } });
    const shipped = await asOperator("POST", `/admin/orders/${code}/ship`, {
      carrier: "royal_mail",
      tracking_number: " ab 1234 5678 5gb ",
    });
    expect(shipped).toMatchObject({ status: 200, body: { data: { from: "processing", to: "shipped" } } });

    const audit = await auditRows();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actor_user_id: operator.user.id,
      actor_email: "ops@example.com",
      action: "order.status",
      subject: `order:${code}`,
      before_json: JSON.stringify({ status: "confirmed" }),
      after_json: JSON.stringify({ status: "processing" }),
    });
    expect(JSON.parse(audit[1]?.after_json ?? "null")).toEqual({
      status: "shipped",
      carrier: "royal_mail",
      tracking_number: "AB123456785GB",
      shipped_at: expect.any(String),
    });

    const { body } = await asOperator("GET", `/admin/orders/${code}`);
    expect(body.data.shipment).toEqual({
      carrier: "royal_mail",
      carrier_name: "Royal Mail",
      tracking_number: "AB123456785GB",
      tracking_url: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB",
      shipped_at: expect.any(String),
    });
    expect(body.data.next_statuses).toEqual(["delivered"]);
    expect(body.data.history.slice(-2)).toEqual([
      { status: "processing", at: expect.any(String), actor: { name: "Ops Desk", email: "ops@example.com" }, note: null },
      { status: "shipped", at: expect.any(String), actor: { name: "Ops Desk", email: "ops@example.com" }, note: null },
    ]);
  });

  it("cancels from the back office: stock back, payment refunded, audited", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    const stock = async () =>
      (await api.db.kysely.selectFrom("product_variants").select("stock").orderBy("id").executeTakeFirstOrThrow()).stock;
    const before = await stock();
    expect((await asOperator("POST", `/admin/orders/${code}/status`, { status: "cancelled" })).status).toBe(200);
    expect(await stock()).toBe(before + 2);
    expect(api.gateway.refunded.size).toBe(1);
    expect((await auditRows()).map((row) => row.after_json)).toEqual([JSON.stringify({ status: "cancelled" })]);
    const { body } = await asOperator("GET", `/admin/orders/${code}`);
    expect(body.data).toMatchObject({ status: "cancelled", next_statuses: [], payment: { status: "refunded" } });
  });

  it("cancels when the provider fails to refund, and says the refund is still owed", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    vi.spyOn(api.gateway, "refund").mockRejectedValueOnce(new Error("provider down"));
    const answer = await asOperator("POST", `/admin/orders/${code}/status`, { status: "cancelled" });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`${MSG.admin.orders.moved(code, "confirmed", "cancelled")} ${MSG.admin.orders.refundPending}`);
    const { body } = await asOperator("GET", `/admin/orders/${code}`);
    expect(body.data).toMatchObject({ status: "cancelled", payment: { status: "paid" } });
  });

  it("refuses a ship without a valid carrier and tracking number, shipped through the status route, and hostile bodies, with 4xx", async () => {
    const { codes } = await placeOrders(1);
    const code = codes[0] ?? "";
    await asOperator("POST", `/admin/orders/${code}/status`, { status: "processing" });
    const refusals: [unknown, string | undefined][] = [
      [{ carrier: "pigeon", tracking_number: "AB123456785GB" }, MSG.admin.orders.carrierRequired],
      [{ carrier: "dpd" }, MSG.admin.orders.trackingRequired],
      [{ carrier: "dpd", tracking_number: "   " }, MSG.admin.orders.trackingRequired],
      [{ carrier: "dpd", tracking_number: "12-34" }, MSG.admin.orders.trackingInvalid],
      [{ carrier: "dpd", tracking_number: "1234567" }, MSG.admin.orders.trackingInvalid],
      [{ carrier: "dpd", tracking_number: "9".repeat(31) }, MSG.admin.orders.trackingInvalid],
      [{ carrier: "dpd", tracking_number: "9".repeat(10_000) }, MSG.admin.orders.trackingInvalid],
      [{ carrier: ["dpd"], tracking_number: 12345678 }, undefined],
      [[], undefined],
    ];
    for (const [body, message] of refusals) {
      const refused = await asOperator("POST", `/admin/orders/${code}/ship`, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(refused.body.error.details.map((detail: { message: string }) => detail.message)).toContain(message);
    }
    const viaStatus = await asOperator("POST", `/admin/orders/${code}/status`, { status: "shipped" });
    expect(viaStatus).toMatchObject({ status: 400, body: { message: MSG.admin.orders.shipNeedsTracking } });
    expect((await asOperator("POST", `/admin/orders/${code}/status`, { status: "lost" })).status).toBe(400);

    const raw = (body: BodyInit, contentType: string) =>
      api.app.request(`/api/admin/orders/${code}/status`, {
        method: "POST",
        headers: { authorization: `Bearer ${operator.token}`, "content-type": contentType },
        body,
      });
    expect((await raw("{not json", "application/json")).status).toBe(400);
    expect((await raw("status=cancelled", "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await raw(JSON.stringify({ status: "cancelled", pad: "x".repeat(70_000) }), "application/json")).status).toBe(413);

    const { body } = await asOperator("GET", `/admin/orders/${code}`);
    expect(body.data.status).toBe("processing");
    expect((await auditRows()).map((row) => JSON.parse(row.after_json ?? "null").status)).toEqual(["processing"]);
  });
});
