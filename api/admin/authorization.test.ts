import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";

/**
 * Every back-office endpoint, one row each: the route as Hono lists it, the path called (its parameters filled in,
 * when it has any) and a body a form would send. Guests get 401, shoppers 403, and the operator gets past the guard
 * (neither 401 nor 403, and never a 500). A new admin route without its row fails "lists every admin route".
 */
const ENDPOINTS: { route: string; path?: string; body?: unknown }[] = [
  { route: "GET /admin/me" },
  { route: "GET /admin/orders", path: "/admin/orders?status=processing&q=MN" },
  { route: "GET /admin/orders/export", path: "/admin/orders/export?from=2026-11-01&to=2026-11-30" },
  { route: "GET /admin/orders/:code", path: "/admin/orders/MN-AAAA-BBBB" },
  { route: "POST /admin/orders/:code/status", path: "/admin/orders/MN-AAAA-BBBB/status", body: { status: "processing" } },
  {
    route: "POST /admin/orders/:code/ship",
    path: "/admin/orders/MN-AAAA-BBBB/ship",
    body: { carrier: "dpd", tracking_number: "15501234567890" },
  },
  {
    route: "POST /admin/orders/:code/claims",
    path: "/admin/orders/MN-AAAA-BBBB/claims",
    body: { reason: "never_arrived", outcome: "replacement", items: [{ order_item_id: 1, quantity: 1 }] },
  },
  { route: "GET /admin/returns", path: "/admin/returns?state=requested&q=RT" },
  { route: "GET /admin/returns/:code", path: "/admin/returns/RT-AAAA-BBBB" },
  { route: "POST /admin/returns/:code/receive", path: "/admin/returns/RT-AAAA-BBBB/receive", body: { restock: [1] } },
  { route: "POST /admin/returns/:code/refund", path: "/admin/returns/RT-AAAA-BBBB/refund", body: { amount: 10 } },
  {
    route: "POST /admin/returns/:code/ship",
    path: "/admin/returns/RT-AAAA-BBBB/ship",
    body: { carrier: "dpd", tracking_number: "15501234567890" },
  },
  { route: "POST /admin/returns/:code/reject", path: "/admin/returns/RT-AAAA-BBBB/reject", body: { reason: "Worn" } },
  { route: "GET /admin/products", path: "/admin/products?q=abaya" },
  { route: "GET /admin/products/:productId", path: "/admin/products/1" },
  {
    route: "PUT /admin/products/:productId",
    path: "/admin/products/1",
    body: { price: 10, original_price: 10, active: true, variants: [] },
  },
  { route: "POST /admin/products/import", body: { products: [] } },
  { route: "GET /admin/promos" },
  { route: "POST /admin/promos", body: { code: "MATRIX", type: "fixed", value: 5 } },
  { route: "POST /admin/promos/:code/disable", path: "/admin/promos/MATRIX/disable" },
  { route: "GET /admin/reviews" },
  { route: "POST /admin/reviews/:reviewId/hide", path: "/admin/reviews/1/hide" },
  { route: "POST /admin/reviews/:reviewId/unhide", path: "/admin/reviews/1/unhide" },
  { route: "GET /admin/messages" },
  { route: "POST /admin/messages/:messageId/handled", path: "/admin/messages/1/handled" },
  { route: "GET /admin/subscribers" },
  { route: "GET /admin/dashboard" },
  { route: "GET /admin/waiting" },
  { route: "GET /admin/audit", path: "/admin/audit?action=order.status&from=2026-11-01" },
];

let api: FreshApi;
let shopper: string;
let operator: string;
beforeAll(async () => {
  api = await freshApi();
  shopper = (await createSignedInUser(api)).token;
  operator = (await createSignedInUser(api, { role: "operator" })).token;
});
afterAll(() => api.close());

describe("back office authorization", () => {
  it.each(ENDPOINTS)("$route: 401 for a guest, 403 for a shopper, past the guard for an operator", async ({ route, path, body }) => {
    const [method, pattern] = route.split(" ");
    const call = (token?: string) => api.call(method, path ?? pattern, { body, token });
    expect((await call()).status).toBe(401);
    const asShopper = await call(shopper);
    expect(asShopper.status).toBe(403);
    expect(asShopper.body.error.code).toBe("FORBIDDEN");
    const asOperator = await call(operator);
    expect([401, 403]).not.toContain(asOperator.status);
    expect(asOperator.status).toBeLessThan(500);
  });

  it("lists every admin route the API serves", () => {
    const served = api.app.routes
      .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/admin/"))
      .map((route) => `${route.method} ${route.path.replace(/^\/api/, "")}`);
    expect(ENDPOINTS.map((endpoint) => endpoint.route).sort()).toEqual([...new Set(served)].sort());
  });

  it("answers the operator's own account at /admin/me", async () => {
    const { body } = await api.call("GET", "/admin/me", { token: operator });
    expect(body.data).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.stringContaining("@") });
  });
});
