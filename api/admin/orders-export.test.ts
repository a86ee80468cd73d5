import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, insertPromo, moveOrder, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { ORDERS_EXPORT_MAX_DAYS } from "#contract/constants.ts";
import type { OrderExportRowDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { ordersCsv } from "#contract/orders-export.ts";

let api: FreshApi;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi();
  operator = await createSignedInUser(api, { name: "Ops Desk", email: "ops@example.com", role: "operator" });
});
afterEach(() => api.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const exported = async (from: string, to: string) => {
  const { status, body } = await api.call("GET", `/admin/orders/export?from=${from}&to=${to}`, { token: operator.token });
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.data.orders as OrderExportRowDto[];
};

describe("the orders export", () => {
  it("answers the orders placed on the days asked, oldest first, with their lines, totals, refunds and status", async () => {
    // The clock starts on 2026-11-22 at 10:00 UTC: one order that day, two the next, one the day after.
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await insertPromo(api, { code: "TENOFF", discount_type: "percentage", discount_value: 10 });
    const order = async (promo?: string) => {
      const lines = [
        { productId: shop.abaya, variantId: shop.navyAbaya, quantity: 2 },
        { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 },
      ];
      const { status, body } = await pay(api, shopper.token, paymentRequest(shopper.addressId, lines, { promo }));
      expect(status, JSON.stringify(body.error)).toBe(200);
      return body.data.order_code as string;
    };
    const before = await order();
    api.clock.advance(DAY_MS);
    const discounted = await order("TENOFF");
    api.clock.advance(60_000);
    const cancelled = await order();
    api.clock.advance(DAY_MS);
    const after = await order();
    await moveOrder(api, cancelled, ["cancelled"]);
    const orderId = async (code: string) =>
      (await api.db.kysely.selectFrom("orders").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    const discountedId = await orderId(discounted);
    const payment = await api.db.kysely.selectFrom("payments").select("id").where("order_id", "=", discountedId).executeTakeFirstOrThrow();
    const refund = (amount_pence: number, status: "succeeded" | "pending") => ({
      payment_id: payment.id,
      amount_pence,
      status,
      created_at: api.clock.now().toISOString(),
    });
    await api.db.kysely
      .insertInto("refunds")
      .values([
        { ...refund(1_250, "succeeded"), order_id: discountedId },
        { ...refund(700, "succeeded"), order_id: discountedId },
        { ...refund(999, "pending"), order_id: discountedId },
      ])
      .execute();

    const rows = await exported("2026-11-23", "2026-11-23");
    expect(rows.map((row) => row.code)).toEqual([discounted, cancelled]);
    expect(rows.map((row) => row.code)).not.toContain(before);
    expect(rows.map((row) => row.code)).not.toContain(after);
    // Two Navy abayas (£120 + £5.50 each) and a scarf (£25): £276 of goods, 10 % off, standard delivery £5.
    expect(rows[0]).toEqual({
      code: discounted,
      created_at: "2026-11-23T10:00:00.000Z",
      customer_name: shopper.user.name,
      customer_email: shopper.user.email,
      items: ["Silk Abaya (Navy / L) × 2", "Chiffon Scarf (Pink / One Size) × 1"],
      subtotal: 276,
      discount: 27.6,
      delivery: expect.any(Number),
      total: expect.any(Number),
      refunded: 19.5,
      status: "confirmed",
    });
    const [first, second] = rows as [OrderExportRowDto, OrderExportRowDto];
    expect(first.total).toBeCloseTo(first.subtotal - first.discount + first.delivery, 2);
    // Cancelled: its whole payment went back.
    expect(second).toMatchObject({ code: cancelled, status: "cancelled", discount: 0, refunded: second.total });
    expect(second.total).toBeCloseTo(276 + second.delivery, 2);

    expect((await exported("2026-11-22", "2026-11-24")).map((row) => row.code)).toEqual([before, discounted, cancelled, after]);
    expect(await exported("2026-11-25", "2026-11-30")).toEqual([]);
  });

  it("guards every cell a spreadsheet would read as a formula, as the subscribers' export does", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    await api.db.kysely
      .updateTable("users")
      .set({ name: '=HYPERLINK("https://evil.example","x")' })
      .where("id", "=", shopper.user.id)
      .execute();
    await api.db.kysely.updateTable("products").set({ name: "+Silk Abaya" }).where("id", "=", shop.abaya).execute();
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }]),
    );
    const csv = ordersCsv(await exported("2026-11-22", "2026-11-22"));
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(MSG.admin.orders.exportHeader.join(","));
    expect(row?.startsWith(`${body.data.order_code},2026-11-22T10:00:00.000Z,"'=HYPERLINK(""https://evil.example"",""x"") <`)).toBe(true);
    expect(row).toContain(",'+Silk Abaya (Black / M) × 1,");
    expect(row).toMatch(/,120\.00,0\.00,\d+\.\d{2},\d+\.\d{2},0\.00,confirmed$/);
  });

  it.each([
    ["", MSG.admin.orders.exportDatesRequired],
    ["?from=2026-11-01", MSG.admin.orders.exportDatesRequired],
    ["?from=2026-11-30&to=2026-11-01", MSG.admin.orders.datesReversed],
    ["?from=2026-11-31&to=2026-12-01", MSG.admin.orders.badDate],
    ["?from=2025-01-01&to=2026-01-02", MSG.admin.orders.exportTooLong(ORDERS_EXPORT_MAX_DAYS)],
  ])("refuses the range %j with 400 and the reason", async (query, reason) => {
    const { status, body } = await api.call("GET", `/admin/orders/export${query}`, { token: operator.token });
    expect(status).toBe(400);
    expect(JSON.stringify(body.error)).toContain(reason);
  });

  it("takes a leap year's 366 days", async () => {
    expect(await exported("2028-01-01", "2028-12-31")).toEqual([]);
  });

  it("is refused to guests (401) and shoppers (403)", async () => {
    const shopper = await createSignedInUser(api);
    const path = "/admin/orders/export?from=2026-11-01&to=2026-11-30";
    expect((await api.call("GET", path)).status).toBe(401);
    expect((await api.call("GET", path, { token: shopper.token })).status).toBe(403);
  });
});
