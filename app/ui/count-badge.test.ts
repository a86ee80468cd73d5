import { describe, expect, it } from "vitest";
import { cartIconLabel, formatBadgeCount } from "./count-badge.tsx";

describe("formatBadgeCount", () => {
  it("shows the count up to the cap", () => {
    expect(formatBadgeCount(1)).toBe("1");
    expect(formatBadgeCount(99)).toBe("99");
  });

  it("caps above 99 as '99+'", () => {
    expect(formatBadgeCount(100)).toBe("99+");
    expect(formatBadgeCount(2500)).toBe("99+");
  });

  it("never shows a negative or fractional count", () => {
    expect(formatBadgeCount(-3)).toBe("0");
    expect(formatBadgeCount(4.7)).toBe("4");
  });
});

describe("cartIconLabel", () => {
  it("names the count with the right plural, and an empty cart as such", () => {
    expect(cartIconLabel(0)).toBe("Cart, empty");
    expect(cartIconLabel(1)).toBe("Cart, 1 item");
    expect(cartIconLabel(3)).toBe("Cart, 3 items");
    expect(cartIconLabel(250)).toBe("Cart, 99+ items");
  });
});
