import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./count-badge.tsx";

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
