import { describe, expect, it } from "vitest";
import { paymentTerms } from "./payment-terms.ts";

const text = (gateway: "test" | "stripe", unavailable: ("paypal" | "apple_pay")[] = []) =>
  paymentTerms({ gateway, unavailable })
    .flatMap((block) => [...block.paragraphs, ...(block.points ?? [])])
    .join("\n");

describe("Payment Terms", () => {
  it("under the test gateway, whose card form is the shop's, never says card details stay off our servers", () => {
    expect(text("test")).not.toMatch(/never (touches|reach) our servers/);
    expect(text("test")).toContain("we keep only the last four digits");
  });

  it("under Stripe, says card details go to Stripe and never reach us, and lists PayPal only while Stripe offers it", () => {
    expect(text("stripe")).toContain("never reach our servers");
    expect(text("stripe")).toMatch(/^PayPal$/m);
    expect(text("stripe", ["paypal"])).not.toMatch(/PayPal/);
  });

  it("promises no payment method checkout does not take", () => {
    for (const gateway of ["test", "stripe"] as const) expect(text(gateway)).not.toMatch(/bank transfer/i);
  });
});
