import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { ZOD_WORDS } from "#api/testing/zod-words.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

describe("validation details are worded by the catalogue", () => {
  it("never answers zod's own words for non-numbers, forged options and missing fields", async () => {
    const { token } = await createSignedInUser(api);
    const answers = await Promise.all([
      api.call("GET", "/public/products?min_price=abc&page=x&limit=-1"),
      api.call("GET", "/public/products/bulk?ids=abc"),
      api.call("POST", "/public/lookups/values", { body: { header_ids: ["x"] } }),
      api.call("POST", "/public/validate-promo-code", { body: { code: "SAVE", cartTotal: "abc" } }),
      api.call("POST", "/public/addresses", {
        token,
        body: {
          label: 7,
          line1: "1 Silk St",
          city: "London",
          postal_code: "EC2Y 8DS",
          phone: "020 7946 0000",
          address_type: "Castle",
          is_default: "maybe",
        },
      }),
      api.call("POST", "/public/reviews", { token, body: { product_id: "abc", order_id: "NaN", rating: 4, comment: "Fine" } }),
      api.call("POST", "/payments/process", { token, body: { cart: { items: [{ product_id: "x", quantity: "many" }] } } }),
    ]);
    for (const { status, body } of answers) {
      expect(status).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
      for (const detail of body.error.details) expect(detail.message, detail.path).not.toMatch(ZOD_WORDS);
    }
    const address = answers[4]?.body.error.details;
    expect(address).toEqual(
      expect.arrayContaining([
        { path: "address_type", message: MSG.validation.invalid },
        { path: "is_default", message: MSG.validation.invalid },
      ]),
    );
    expect(answers[5]?.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "product_id", message: MSG.validation.number },
        { path: "order_id", message: MSG.validation.number },
      ]),
    );
  });

  it("keeps the schema's own texts where it has them", async () => {
    const { status, body } = await api.call("POST", "/public/otp/verify", { body: { email: "a@example.com", otp: "12a4" } });
    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ path: "otp", message: MSG.otp.sixDigits }]);
  });
});
