import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";

/**
 * Every back-office endpoint, each row one request an operator may make. Guests get 401, shoppers 403, and the
 * operator gets past the guard (an answer that is neither 401 nor 403, and never a 500). A new admin endpoint
 * adds its row here.
 */
const ENDPOINTS: { method: string; path: string; body?: unknown }[] = [
  { method: "GET", path: "/admin/me" },
  { method: "GET", path: "/admin/products?q=abaya" },
  { method: "GET", path: "/admin/products/1" },
  { method: "PUT", path: "/admin/products/1", body: { price: 10, original_price: 10, active: true, variants: [] } },
  { method: "POST", path: "/admin/products/import", body: { products: [] } },
  { method: "GET", path: "/admin/promos" },
  { method: "POST", path: "/admin/promos", body: { code: "MATRIX", type: "fixed", value: 5 } },
  { method: "POST", path: "/admin/promos/MATRIX/disable" },
  { method: "GET", path: "/admin/reviews" },
  { method: "POST", path: "/admin/reviews/1/hide" },
  { method: "POST", path: "/admin/reviews/1/unhide" },
  { method: "GET", path: "/admin/messages" },
  { method: "POST", path: "/admin/messages/1/handled" },
  { method: "GET", path: "/admin/subscribers" },
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
  it.each(ENDPOINTS)(
    "$method $path: 401 for a guest, 403 for a shopper, past the guard for an operator",
    async ({ method, path, body }) => {
      expect((await api.call(method, path, { body })).status).toBe(401);
      const asShopper = await api.call(method, path, { body, token: shopper });
      expect(asShopper.status).toBe(403);
      expect(asShopper.body.error.code).toBe("FORBIDDEN");
      const asOperator = await api.call(method, path, { body, token: operator });
      expect([401, 403]).not.toContain(asOperator.status);
      expect(asOperator.status).toBeLessThan(500);
    },
  );

  it("answers the operator's own account at /admin/me", async () => {
    const { body } = await api.call("GET", "/admin/me", { token: operator });
    expect(body.data).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.stringContaining("@") });
  });
});
