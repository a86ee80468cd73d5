import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import {
  checkoutCatalogue,
  pay,
  paymentCutOffBeforeCapture,
  paymentCutOffBeforeOrder,
  paymentRequest,
  shopperWithAddress,
} from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import type { AdminDashboardDto, AuditListDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";

const DAY_MS = 86_400_000;

let api: FreshApi;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi({ lowStockThreshold: 7 });
  operator = await createSignedInUser(api, { name: "Ops Desk", email: "ops@example.com", role: "operator" });
});
afterEach(() => api.close());

const asOperator = (method: string, path: string, body?: unknown, token = operator.token) => api.call(method, path, { token, body });

async function dashboard(): Promise<AdminDashboardDto> {
  const { status, body } = await asOperator("GET", "/admin/dashboard");
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.data;
}

async function auditLog(query = ""): Promise<AuditListDto> {
  const { status, body } = await asOperator("GET", `/admin/audit${query}`);
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.data;
}

const totalOf = async (code: string) =>
  (await api.db.kysely.selectFrom("orders").select("total_pence").where("code", "=", code).executeTakeFirstOrThrow()).total_pence;

const figureOf = (pence: number[]) => ({
  revenue: toGbp(pence.reduce((sum, each) => sum + each, 0)),
  orders: pence.length,
  average: pence.length === 0 ? 0 : toGbp(Math.round(pence.reduce((sum, each) => sum + each, 0) / pence.length)),
});

describe("the dashboard", () => {
  it("counts the orders placed: sales per day and per period against the one before, to ship, best sellers and stock", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const order = async (productId: number, variantId: number, quantity: number) => {
      const { body } = await pay(api, shopper.token, paymentRequest(shopper.addressId, [{ productId, variantId, quantity }]));
      expect(body.success, JSON.stringify(body.error)).toBe(true);
      return body.data.order_code as string;
    };
    // Eight days ago (2026-11-22), yesterday and today (2026-11-30).
    const eightDaysAgo = await order(shop.abaya, shop.blackAbaya, 2);
    api.clock.advance(7 * DAY_MS);
    const yesterday = await order(shop.scarf, shop.pinkScarf, 1);
    api.clock.advance(DAY_MS);
    const today = await order(shop.abaya, shop.blackAbaya, 1);
    const todayToo = await order(shop.scarf, shop.pinkScarf, 3);
    const cancelled = await order(shop.abaya, shop.navyAbaya, 1);
    expect((await asOperator("POST", `/admin/orders/${cancelled}/status`, { status: "cancelled" })).status).toBe(200);
    await asOperator("POST", `/admin/orders/${today}/status`, { status: "processing" });

    const [a, b, c, d] = await Promise.all([eightDaysAgo, yesterday, today, todayToo].map(totalOf));
    const figures = await dashboard();
    expect(figures.generated_at).toBe("2026-11-30T10:00:00.000Z");
    expect(figures.to_ship).toEqual({ count: 4, oldest: { code: eightDaysAgo, created_at: "2026-11-22T10:00:00.000Z" } });
    expect(figures.sales_by_day).toHaveLength(30);
    expect(figures.sales_by_day[0]?.day).toBe("2026-11-01");
    expect(figures.sales_by_day.at(-1)).toEqual({ day: "2026-11-30", revenue: toGbp((c as number) + (d as number)), orders: 2 });
    expect(figures.sales_by_day.at(-2)).toEqual({ day: "2026-11-29", revenue: toGbp(b as number), orders: 1 });
    expect(figures.sales_by_day.find((day) => day.day === "2026-11-22")).toEqual({
      day: "2026-11-22",
      revenue: toGbp(a as number),
      orders: 1,
    });
    expect(figures.sales_by_day.filter((day) => day.orders > 0)).toHaveLength(3);
    expect(figures.periods).toEqual([
      { days: 1, current: figureOf([c, d] as number[]), previous: figureOf([b as number]) },
      { days: 7, current: figureOf([b, c, d] as number[]), previous: figureOf([a as number]) },
      { days: 30, current: figureOf([a, b, c, d] as number[]), previous: figureOf([]) },
    ]);
    expect(figures.best_sellers).toEqual([
      { product_id: shop.scarf, name: "Chiffon Scarf", units: 4, revenue: 100 },
      { product_id: shop.abaya, name: "Silk Abaya", units: 3, revenue: 360 },
    ]);
    // 10 of each at first: 6 scarves and 7 black abayas left (at most 7 is low), the navy one back to 10 on cancelling.
    expect(figures.low_stock).toEqual({
      threshold: 7,
      count: 2,
      variants: [
        { product_id: shop.scarf, product_name: "Chiffon Scarf", sku: expect.any(String), color_name: "Pink", size: "One Size", stock: 6 },
        { product_id: shop.abaya, product_name: "Silk Abaya", sku: expect.any(String), color_name: "Black", size: "M", stock: 7 },
      ],
    });
    expect(figures.payments_waiting).toEqual({ attempts: 0, authorised_orders: 0, refunds_owed: 0 });
    expect(figures.returns_to_receive).toBe(0);
    expect(figures.messages_unhandled).toBe(0);

    // Shipping one leaves the others; the oldest shipped, the next oldest waits.
    await asOperator("POST", `/admin/orders/${eightDaysAgo}/status`, { status: "processing" });
    await asOperator("POST", `/admin/orders/${eightDaysAgo}/ship`, { carrier: "dpd", tracking_number: "15501234567890" });
    expect((await dashboard()).to_ship).toEqual({ count: 3, oldest: { code: yesterday, created_at: "2026-11-29T10:00:00.000Z" } });

    // A day later, today's sales are yesterday's.
    api.clock.advance(DAY_MS);
    const nextDay = await dashboard();
    expect(nextDay.periods[0]).toEqual({ days: 1, current: figureOf([]), previous: figureOf([c, d] as number[]) });
    expect(nextDay.sales_by_day[0]?.day).toBe("2026-11-02");
  });

  it("counts what waits on someone: payments for the recovery pass, e-mails failing, returns to receive, messages", async () => {
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    const code = body.data.order_code as string;
    await paymentCutOffBeforeOrder(api, shopper.user.id, { authorised: false });
    // An order whose capture did not happen: pending, authorised, its attempt still processing.
    await paymentCutOffBeforeCapture(api, shopper, { productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 });
    await api.outbox.idle();
    const now = api.clock.now().toISOString();
    const { id: orderId } = await api.db.kysely.selectFrom("orders").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    // A cancelled order whose money has not gone back yet, as a provider that was away leaves it.
    await api.db.kysely.updateTable("orders").set({ status: "cancelled" }).where("id", "=", orderId).execute();
    const mail = { template: "t", recipient: "a@example.com", data_json: "{}", next_attempt_at: now, created_at: now };
    await api.db.kysely
      .insertInto("mail_outbox")
      .values([
        { ...mail, dedupe_key: "failed", status: "failed", attempts: 8 },
        { ...mail, dedupe_key: "retrying", status: "pending", attempts: 2 },
        { ...mail, dedupe_key: "new", status: "pending", attempts: 0 },
      ])
      .execute();
    const returnRow = { order_id: orderId, reason: "too_big", created_at: now, updated_at: now };
    await api.db.kysely
      .insertInto("returns")
      .values([
        { ...returnRow, code: "RT-AAAA-0001", kind: "return", state: "requested", goods_back: 1 },
        { ...returnRow, code: "RT-AAAA-0002", kind: "claim", state: "requested", goods_back: 0 },
        { ...returnRow, code: "RT-AAAA-0003", kind: "return", state: "received", goods_back: 1 },
      ])
      .execute();
    const message = { first_name: "A", last_name: "B", email: "a@example.com", subject: "Size", message: "Hello", created_at: now };
    await api.db.kysely
      .insertInto("contact_messages")
      .values([
        { ...message, handled_at: null, handled_by: null },
        { ...message, handled_at: null, handled_by: null },
        { ...message, handled_at: now, handled_by: operator.user.id },
      ])
      .execute();

    const figures = await dashboard();
    expect(figures.payments_waiting).toEqual({ attempts: 2, authorised_orders: 1, refunds_owed: 1 });
    expect(figures.emails).toEqual({ failed: 1, retrying: 1 });
    expect(figures.returns_to_receive).toBe(1);
    expect(figures.messages_unhandled).toBe(2);
    expect(figures.to_ship.count).toBe(0);

    // Behind the counts, item by item: each payment the dashboard counts, and each e-mail failing.
    const { status, body: waiting } = await asOperator("GET", "/admin/waiting");
    expect(status, JSON.stringify(waiting.error)).toBe(200);
    const { payments, emails } = waiting.data;
    expect(payments.attempts).toHaveLength(figures.payments_waiting.attempts);
    expect(payments.authorised_orders).toHaveLength(figures.payments_waiting.authorised_orders);
    expect(payments.refunds_owed).toEqual([expect.objectContaining({ order_code: code, email: shopper.user.email, amount: 30 })]);
    expect(emails.map((email: { status: string; attempts: number }) => [email.status, email.attempts])).toEqual([
      ["failed", 8],
      ["retrying", 2],
    ]);
    expect((await api.call("GET", "/admin/waiting", { token: shopper.token })).status).toBe(403);
  });

  it("is for operators only: a guest gets 401 and a shopper 403", async () => {
    const shopper = await createSignedInUser(api);
    for (const path of ["/admin/dashboard", "/admin/audit"]) {
      expect((await api.call("GET", path)).status).toBe(401);
      expect((await api.call("GET", path, { token: shopper.token })).status).toBe(403);
    }
  });
});

describe("the audit log", () => {
  it("lists each change newest first with before and after, filtered by operator, kind and day, one page at a time", async () => {
    const other = await createSignedInUser(api, { name: "Night Desk", email: "night@example.com", role: "operator" });
    const shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 }]),
    );
    const code = body.data.order_code as string;
    await asOperator("POST", `/admin/orders/${code}/status`, { status: "processing" });
    api.clock.advance(DAY_MS);
    await asOperator("POST", "/admin/promos", { code: "DESK10", type: "fixed", value: 10 }, other.token);
    await asOperator("POST", "/admin/promos/DESK10/disable", undefined, other.token);

    const all = await auditLog();
    expect(all.pagination).toEqual({ total: 3, totalPages: 1, page: 1, limit: 25 });
    expect(all.actors).toEqual(["night@example.com", "ops@example.com"]);
    expect(all.actions).toEqual(["order.status", "promo.create", "promo.disable"]);
    expect(all.entries.map((entry) => entry.action)).toEqual(["promo.disable", "promo.create", "order.status"]);
    expect(all.entries[2]).toEqual({
      id: expect.any(Number),
      created_at: "2026-11-22T10:00:00.000Z",
      actor_email: "ops@example.com",
      action: "order.status",
      subject: expect.stringContaining(code),
      before: expect.objectContaining({ status: "confirmed" }),
      after: expect.objectContaining({ status: "processing" }),
    });
    expect(all.entries[1]?.before).toBeNull();

    const codes = (list: AuditListDto) => list.entries.map((entry) => entry.action);
    expect(codes(await auditLog("?actor=ops@example.com"))).toEqual(["order.status"]);
    expect(codes(await auditLog("?actor=night@example.com"))).toEqual(["promo.disable", "promo.create"]);
    expect(codes(await auditLog("?actor=night@"))).toEqual([]);
    expect(codes(await auditLog("?action=promo.create"))).toEqual(["promo.create"]);
    expect(codes(await auditLog("?from=2026-11-23"))).toEqual(["promo.disable", "promo.create"]);
    expect(codes(await auditLog("?to=2026-11-22"))).toEqual(["order.status"]);
    expect(codes(await auditLog("?from=2026-11-22&to=2026-11-22&actor=&action="))).toEqual(["order.status"]);
    const second = await auditLog("?limit=2&page=2");
    expect(second.pagination).toEqual({ total: 3, totalPages: 2, page: 2, limit: 2 });
    expect(codes(second)).toEqual(["order.status"]);
  });

  it("refuses filters it cannot read with 400 and the reason", async () => {
    for (const [query, message] of [
      ["?action=DROP TABLE", MSG.adminAudit.badAction],
      ["?from=2026-13-40", MSG.admin.orders.badDate],
      ["?from=2026-11-20&to=2026-11-01", MSG.admin.orders.datesReversed],
      [`?actor=${"a".repeat(300)}`, MSG.adminAudit.actorTooLong(254)],
    ] as const) {
      const { status, body } = await asOperator("GET", `/admin/audit${query}`);
      expect(status, query).toBe(400);
      expect(body.error.details.map((detail: { message: string }) => detail.message)).toContain(message);
    }
  });
});
