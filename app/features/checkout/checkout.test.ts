import { describe, expect, it } from "vitest";
import {
  backHref,
  buildPaymentRequest,
  checkoutHref,
  formatExpiry,
  groupCardNumber,
  parseCheckoutView,
  paymentFailureToast,
} from "./checkout.ts";

describe("checkout view in the URL", () => {
  it("reads step, address and method, falling back on anything unknown", () => {
    expect(parseCheckoutView(new URLSearchParams("step=payment&address=7&method=paypal"))).toEqual({
      step: "payment",
      addressId: 7,
      method: "paypal",
    });
    expect(parseCheckoutView(new URLSearchParams("step=refund&address=-1&method=cash"))).toEqual({
      step: "address",
      addressId: null,
      method: "credit_card",
    });
    expect(parseCheckoutView(new URLSearchParams("address=1e3")).addressId).toBeNull();
  });

  it("goes back one step, and to the cart from the first", () => {
    expect(backHref({ step: "address", addressId: 3, method: "credit_card" })).toBe("/cart");
    expect(backHref({ step: "shipping", addressId: 3, method: "credit_card" })).toBe("/checkout?step=address&address=3");
    expect(checkoutHref({ step: "payment", addressId: 3, method: "apple_pay" })).toBe("/checkout?step=payment&address=3&method=apple_pay");
  });
});

describe("card fields", () => {
  it("groups the number in fours and caps it at 19 digits", () => {
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("4242-42a42")).toBe("4242 4242");
    expect(groupCardNumber("1".repeat(25)).replace(/ /g, "")).toHaveLength(19);
  });

  it("puts the slash after the month", () => {
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("1")).toBe("1");
  });
});

describe("payment failure toast", () => {
  it("names wallets and falls back to the spec's text", () => {
    expect(paymentFailureToast("credit_card", "Your card was declined.")).toBe("Payment Failed: Your card was declined.");
    expect(paymentFailureToast("paypal", "")).toBe("PayPal Payment Failed: Payment processing failed");
  });
});

describe("payment request", () => {
  it("sends choices only: lines, address id, method, card for cards, the code", () => {
    const card = { cardholderName: "A", cardNumber: "4242", expiryDate: "12/30", cvv: "123" };
    const lines = [{ productId: 1, variantId: 2, quantity: 3, fit: "Standard Fit", color: "Black", size: "M" }];
    const request = buildPaymentRequest({ lines, addressId: 9, method: "credit_card", card, promoCode: "WELCOME10" });
    expect(request).toEqual({
      cart: { items: [{ productId: 1, variant: { id: 2 }, quantity: 3, selectedFit: "Standard Fit" }] },
      address: { id: 9 },
      shipping: { method: 1 },
      payment: { method: "credit_card", cardDetails: card, sameAsBilling: true },
      promoCode: { code: "WELCOME10" },
    });
    const wallet = buildPaymentRequest({ lines, addressId: 9, method: "google_pay", card, promoCode: null });
    expect(wallet.payment).toEqual({ method: "google_pay", sameAsBilling: true });
    expect(wallet.promoCode).toBeNull();
  });
});
