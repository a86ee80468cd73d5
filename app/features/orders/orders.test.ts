import { describe, expect, it } from "vitest";
import { capitalize, formatOrderDate, orderDetailHref, ordersPageHref, pounds, statusLabel, statusTone } from "./orders.ts";

describe("order display rules", () => {
  it("formats dates in en-US", () => {
    expect(formatOrderDate("2026-11-23T10:00:00.000Z")).toBe("November 23, 2026");
    expect(formatOrderDate("not a date")).toBe("not a date");
  });

  it("labels statuses, 'Confirmed' when missing, and greys unknown ones", () => {
    expect(statusLabel("delivered")).toBe("Delivered");
    expect(statusLabel(null)).toBe("Confirmed");
    expect(statusTone("cancelled")).toBe("cancelled");
    expect(statusLabel("confirmed")).toBe("Confirmed");
    expect(statusTone("confirmed")).toBe("confirmed");
    expect(statusTone("on-hold")).toBe("other");
    expect(statusTone("shipped")).toBe("other");
  });

  it("capitalises payment statuses and prints pounds with two decimals", () => {
    expect(capitalize("paid")).toBe("Paid");
    expect(pounds(5)).toBe("£5.00");
    expect(pounds(112.5)).toBe("£112.50");
  });

  it("shows a deduction with the one minus sign the cart uses", () => {
    expect(pounds(-44.7)).toBe("\u2212£44.70");
  });

  it("links pages of the list and an order's dialog over the page it was opened from", () => {
    expect(ordersPageHref(1)).toBe("/profile?tab=orders");
    expect(ordersPageHref(3)).toBe("/profile?tab=orders&page=3");
    expect(orderDetailHref(7)).toBe("/profile?tab=orders&order=7");
    expect(orderDetailHref(7, 2)).toBe("/profile?tab=orders&page=2&order=7");
  });
});
