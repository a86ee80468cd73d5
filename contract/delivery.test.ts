import { describe, expect, it } from "vitest";
import { SHIPPING_METHOD } from "./constants.ts";
import { DELIVERY_TERMS } from "./delivery.ts";

describe("delivery terms", () => {
  it("all state the one charge checkout takes, and none promises free delivery", () => {
    const charge = `£${(SHIPPING_METHOD.pricePence / 100).toFixed(2)}`;
    expect(DELIVERY_TERMS.price).toBe(charge);
    for (const text of [DELIVERY_TERMS.topBar, DELIVERY_TERMS.summary, DELIVERY_TERMS.productText, DELIVERY_TERMS.costAnswer]) {
      expect(text).toContain(charge);
    }
    for (const text of Object.values(DELIVERY_TERMS)) expect(text).not.toMatch(/free/i);
  });
});
