import { describe, expect, it } from "vitest";
import { FAQ_TABS, parseFaqTab } from "./need-support.ts";

describe("parseFaqTab", () => {
  it("defaults to General Questions", () => {
    expect(parseFaqTab(null).label).toBe("General Questions");
    expect(parseFaqTab("").label).toBe("General Questions");
  });

  it("selects a known tab by slug", () => {
    expect(parseFaqTab("orders-shipping").label).toBe("Orders & Shipping");
    expect(parseFaqTab("account-profile").label).toBe("Account & Profile");
  });

  it("falls back to the default for an unknown slug", () => {
    expect(parseFaqTab("ORDERS-SHIPPING").slug).toBe("general");
    expect(parseFaqTab("../admin").slug).toBe("general");
  });
});

describe("FAQ_TABS", () => {
  it("has the five support tabs with three questions each", () => {
    expect(FAQ_TABS.map((tab) => tab.label)).toEqual([
      "General Questions",
      "Orders & Shipping",
      "Returns & Exchanges",
      "Sizing & Fit",
      "Account & Profile",
    ]);
    for (const tab of FAQ_TABS) expect(tab.entries).toHaveLength(3);
  });
});
