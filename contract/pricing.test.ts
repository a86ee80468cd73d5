import { describe, expect, it } from "vitest";
import { SHIPPING_METHOD } from "./constants.ts";
import { summarizePrices } from "./pricing.ts";

describe("summarizePrices", () => {
  const lines = [
    { basePricePence: 4999, extraPricePence: 525, quantity: 3 },
    { basePricePence: 12000, extraPricePence: 0, quantity: 1 },
  ];

  it("adds subtotal, variant extras and the flat shipping in pence", () => {
    expect(summarizePrices(lines)).toEqual({
      totalItems: 4,
      subtotalPence: 3 * 4999 + 12000,
      extrasPence: 3 * 525,
      shippingPence: SHIPPING_METHOD.pricePence,
      discountPence: 0,
      totalPence: 3 * 4999 + 12000 + 3 * 525 + SHIPPING_METHOD.pricePence,
    });
  });

  it("takes off a promo discount, never below the shipping", () => {
    const one = [lines[1]];
    expect(summarizePrices(one, 2000).totalPence).toBe(12000 - 2000 + SHIPPING_METHOD.pricePence);
    expect(summarizePrices(one, 99999)).toMatchObject({ discountPence: 12000, totalPence: SHIPPING_METHOD.pricePence });
  });

  it("ignores a negative discount", () => {
    expect(summarizePrices(lines, -500).discountPence).toBe(0);
  });

  it("charges no shipping for an empty cart", () => {
    expect(summarizePrices([])).toMatchObject({ totalItems: 0, shippingPence: 0, totalPence: 0 });
  });
});
