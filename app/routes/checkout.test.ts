import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "checkout-route-test-secret-0123456789abcdef");
let checkout: typeof import("./checkout.tsx");
let cartRoute: typeof import("./cart.tsx");
let session: typeof import("#app/session/session.server.ts");
let cart: typeof import("#app/features/cart/cart.server.ts");
beforeAll(async () => {
  checkout = await import("./checkout.tsx");
  cartRoute = await import("./cart.tsx");
  session = await import("#app/session/session.server.ts");
  cart = await import("#app/features/cart/cart.server.ts");
});

const variant = {
  id: 10,
  product_id: 1,
  sku: "S10",
  color_name: "Black",
  color_code: "#000",
  color_image: null,
  size: "M",
  stock: 3,
  extra_price: 0,
  price: 50,
};
const abaya: ProductSummaryDto = {
  id: 1,
  token: "t1",
  name: "Noor Abaya",
  slug: "noor-abaya",
  category_id: 1,
  category_name: "Abayas",
  collection: "Abayas",
  current_price: 50,
  original_price: 50,
  price: 50,
  main_image: "/img.jpg",
  stock: 3,
  stock_status: "In Stock",
  sku: "P1",
  variants: [variant],
  average_rating: 0,
  review_count: 0,
  created_at: "2026-11-01T00:00:00Z",
};
const myAddress = {
  id: 7,
  label: "Home",
  address_type: "Home",
  line1: "1 High St",
  line2: null,
  city: "London",
  postal_code: "E7 8DA",
  phone: "07700900000",
  is_default: true,
};
const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };

interface Call {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** A fake commerce API: answers by path, records every call. `promo` and `payment` shape those two answers. */
function fakeApi(
  options: {
    promo?: "ok" | "minimum";
    payment?: "ok" | "declined" | "server error" | "no answer" | "in progress" | "key reused";
    /** What GET /payments/attempts/:key answers; unset, the key has paid for nothing (404). */
    attempt?: { status: string; order: { id: number } | null; message: string | null };
    /** The gateway GET /public/payment-options names (the test one unless told), and what it cannot take. */
    gateway?: "test" | "stripe";
    unavailable?: string[];
    /** What POST /payments/checkout-sessions answers: a checkout to pay on, or (a replay) the order already paid. */
    checkout?: "open" | "paid";
  } = {},
) {
  const calls: Call[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ path, method: init?.method ?? "GET", body, headers: new Headers(init?.headers) });
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      if (path.startsWith("/public/products/bulk")) return Response.json({ success: true, data: [abaya], message: "OK" });
      if (path.startsWith("/public/addresses")) return Response.json({ success: true, data: [myAddress], message: "OK" });
      if (path.startsWith("/public/validate-promo-code")) {
        if (options.promo === "minimum") {
          return Response.json(
            { success: false, data: null, message: "x", error: { code: "BAD_REQUEST", message: MSG.promo.minimumBasket("75.00") } },
            { status: 400 },
          );
        }
        return Response.json({
          success: true,
          data: { promoCode: { code: "WELCOME10", description: "", discount_type: "percentage", discount_value: 10 }, discountAmount: 5 },
          message: MSG.promo.applied("5.00"),
        });
      }
      if (path.startsWith("/public/payment-options")) {
        return Response.json({
          success: true,
          data: { gateway: options.gateway ?? "test", unavailable: options.unavailable ?? [] },
          message: "OK",
        });
      }
      if (path.startsWith("/payments/checkout-sessions")) {
        const paid = options.checkout === "paid";
        const order = { id: 42, payment_status: paid ? "paid" : "unpaid" };
        return Response.json({
          success: true,
          data: { order, checkoutUrl: paid ? null : "https://checkout.stripe.test/c/pay/cs_test_1" },
          message: "OK",
        });
      }
      if (path.startsWith("/payments/attempts/") && options.attempt) {
        return Response.json({ success: true, data: options.attempt, message: "OK" });
      }
      if (path.startsWith("/payments/process")) {
        if (options.payment === "no answer") throw new Error("connection reset");
        const refusal = { "server error": 500, "in progress": 409, "key reused": 422 } as const;
        if (options.payment && options.payment in refusal) {
          const status = refusal[options.payment as keyof typeof refusal];
          return Response.json({ success: false, data: null, message: "x", error: { code: "X", message: "x" } }, { status });
        }
        if (options.payment === "declined") {
          return Response.json(
            { success: false, data: null, message: "x", error: { code: "PAYMENT_DECLINED", message: MSG.payment.cardDeclined } },
            { status: 400 },
          );
        }
        return Response.json({ success: true, data: { id: 42 }, message: MSG.payment.orderPlaced });
      }
      return Response.json({ success: false, data: null, message: "Route not found" }, { status: 404 });
    }),
  );
  return { context, calls };
}

const line = { productId: 1, variantId: 10, quantity: 1, fit: "Standard Fit", color: "Black", size: "M" };

async function cookies(promoCode: string | null = null, lines = [line]) {
  const request = new Request("http://shop.test/");
  const cartHeader = await cart.serializeCartState(request, { lines, promoCode, celebrate: null });
  const signedIn = await session.getSession(request);
  signedIn.set("token", "token-1");
  signedIn.set("user", user);
  const sessionHeader = await session.commitSession(request, signedIn);
  return [cartHeader, sessionHeader].map((header) => (header ?? "").split(";")[0]).join("; ");
}

const validCard = { cardholderName: "Amina Khan", cardNumber: "4242 4242 4242 4242", expiryDate: "12/39", cvv: "123" };

async function pay(fields: Record<string, string>, api = fakeApi(), promoCode: string | null = null, lines = [line]) {
  const request = new Request("http://shop.test/checkout?step=payment&address=7", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: await cookies(promoCode, lines), "content-type": "application/x-www-form-urlencoded" },
  });
  return checkout.action({ request, params: {}, context: api.context } as never).catch((thrown: unknown) => thrown);
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit }).init?.status ?? 200);

describe("/checkout action", () => {
  const payFields = { intent: "pay", address: "7", method: "credit_card", idempotencyKey: "key-12345678", ...validCard };

  it("pays with the cart cookie's lines and the key as a header, ignoring any price sent, then empties the cart", async () => {
    const api = fakeApi();
    const response = (await pay({ ...payFields, price: "0.01", total: "0", subtotal: "0" }, api, "WELCOME10")) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/order-success?order=42");
    expect(response.headers.getSetCookie().find((value) => value.startsWith("__cart="))).toMatch(/Max-Age=0/);
    expect((await flashedToasts(response)).map((toast) => toast.message)).toEqual([MSG.payment.orderPlaced, MSG.payment.processed]);
    const charge = api.calls.find((call) => call.path === "/payments/process");
    expect(charge?.headers.get("Idempotency-Key")).toBe("key-12345678");
    expect(charge?.body).toEqual({
      cart: { items: [{ productId: 1, variant: { id: 10 }, quantity: 1, selectedFit: "Standard Fit" }] },
      address: { id: 7 },
      shipping: { method: 1 },
      payment: { method: "credit_card", cardDetails: validCard, sameAsBilling: true },
      promoCode: { code: "WELCOME10" },
    });
  });

  it("answers a decline with 400 and the spec's toast, keeping what was typed but the CVV", async () => {
    const result = (await pay(payFields, fakeApi({ payment: "declined" }))) as {
      data: { payment: { toast: { message: string }; typed: Record<string, string> } };
    };
    expect(statusOf(result)).toBe(400);
    expect(result.data.payment.toast.message).toBe(`Payment Failed: ${MSG.payment.cardDeclined}`);
    expect(result.data.payment.typed).toEqual({ cardholderName: "Amina Khan", cardNumber: "4242 4242 4242 4242", expiryDate: "12/39" });
  });

  it("refuses another shopper's address with 400 and charges nothing", async () => {
    const api = fakeApi();
    const result = await pay({ ...payFields, address: "999" }, api);
    expect(statusOf(result)).toBe(400);
    expect(api.calls.some((call) => call.path === "/payments/process")).toBe(false);
  });

  it("checks the card before charging, with the spec's texts", async () => {
    const api = fakeApi();
    const result = (await pay({ ...payFields, cardholderName: "", cvv: "12" }, api)) as {
      data: { payment: { fieldErrors: Record<string, string[]> } };
    };
    expect(statusOf(result)).toBe(400);
    expect(result.data.payment.fieldErrors.cardholderName).toEqual([MSG.payment.cardholderRequired]);
    expect(result.data.payment.fieldErrors.cvv).toEqual([MSG.payment.cvvInvalid]);
    expect(api.calls.some((call) => call.path === "/payments/process")).toBe(false);
  });

  it("answers a form sent again after its payment was answered with that order's success page, though the cart is empty now", async () => {
    const api = fakeApi({ attempt: { status: "succeeded", order: { id: 42 }, message: null } });
    const response = (await pay(payFields, api, null, [])) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/order-success?order=42");
    expect(api.calls.map((call) => call.path)).toContain("/payments/attempts/key-12345678");
    expect(api.calls.some((call) => call.path === "/payments/process")).toBe(false);
  });

  it.each([
    ["the payment call fails with a 5xx", { payment: "server error" as const }],
    ["the payment call gets no answer", { payment: "no answer" as const }],
    ["the payment is still in progress", { payment: "in progress" as const }],
    ["the key's payment is still processing", { attempt: { status: "processing", order: null, message: null } }],
  ])("opens the page that checks the payment when %s, never an error", async (_name, options) => {
    const response = (await pay(payFields, fakeApi(options))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/checkout/payment-status?key=key-12345678");
  });

  it("says so when the key was used for another payment (422)", async () => {
    const result = (await pay(payFields, fakeApi({ payment: "key reused" }))) as { data: { payment: { toast: { message: string } } } };
    expect(statusOf(result)).toBe(400);
    expect(result.data.payment.toast.message).toBe(`Payment Failed: ${MSG.payment.keyReused}`);
  });

  it("under Stripe, opens the checkout at Stripe (303) with the order's choices and return URLs, never the card", async () => {
    const api = fakeApi({ gateway: "stripe" });
    const response = (await pay({ ...payFields, method: "apple_pay" }, api, "WELCOME10")) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://checkout.stripe.test/c/pay/cs_test_1");
    // The cart stays until the payment is confirmed on the way back.
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__cart="))).toBe(false);
    const opened = api.calls.find((call) => call.path === "/payments/checkout-sessions");
    expect(opened?.headers.get("Idempotency-Key")).toBe("key-12345678");
    expect(opened?.body).toEqual({
      cart: { items: [{ productId: 1, variant: { id: 10 }, quantity: 1, selectedFit: "Standard Fit" }] },
      address: { id: 7 },
      shipping: { method: 1 },
      payment: { method: "apple_pay", sameAsBilling: true },
      promoCode: { code: "WELCOME10" },
      returnUrl: "http://shop.test/checkout/return",
      cancelUrl: "http://shop.test/checkout/held?key=key-12345678",
    });
    expect(JSON.stringify(api.calls)).not.toContain("4242");
    expect(api.calls.some((call) => call.path === "/payments/process" || call.path.startsWith("/payments/attempts"))).toBe(false);
  });

  it("under Stripe, a key whose order is paid already opens its success page", async () => {
    const response = (await pay(payFields, fakeApi({ gateway: "stripe", checkout: "paid" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/order-success?order=42");
  });

  it("under Stripe, refuses PayPal where Stripe does not offer it, with its message, and opens nothing", async () => {
    const api = fakeApi({ gateway: "stripe", unavailable: ["paypal"] });
    const result = (await pay({ ...payFields, method: "paypal" }, api)) as { data: { payment: { toast: { message: string } } } };
    expect(statusOf(result)).toBe(400);
    expect(result.data.payment.toast.message).toBe(MSG.payment.methodUnavailable("PayPal"));
    expect(api.calls.some((call) => call.path.startsWith("/payments/"))).toBe(false);
  });

  it.each([
    ["an unknown intent", { intent: "refund" }],
    ["a forged method", { ...payFields, method: "cash" }],
    ["a missing key", { ...payFields, idempotencyKey: "" }],
    ["a forged address id", { ...payFields, address: "../1" }],
  ])("answers %s with 400, not 500", async (_name, fields) => {
    expect(statusOf(await pay(fields))).toBe(400);
  });
});

describe("/checkout loader", () => {
  const load = async (url: string) => {
    const request = new Request(url, { headers: { cookie: await cookies() } });
    return (await checkout.loader({ request, params: {}, context: fakeApi().context } as never)) as {
      data: { view: { step: string; addressId: number | null }; needsAddress: boolean; idempotencyKey: string };
    };
  };

  it("keeps a later step without one of the shopper's addresses on the address step, which then says to choose one", async () => {
    for (const url of ["http://shop.test/checkout?step=payment", "http://shop.test/checkout?step=shipping&address=999"]) {
      const { data } = await load(url);
      expect(data.view.step).toBe("address");
      expect(data.needsAddress).toBe(true);
    }
  });

  it("renders a fresh idempotency key every time", async () => {
    const first = await load("http://shop.test/checkout?step=payment&address=7");
    const second = await load("http://shop.test/checkout?step=payment&address=7");
    expect(first.data.view).toMatchObject({ step: "payment", addressId: 7 });
    expect(first.data.idempotencyKey).not.toBe(second.data.idempotencyKey);
  });
});

describe("/cart promo box", () => {
  const post = async (fields: Record<string, string>, api = fakeApi()) => {
    const request = new Request("http://shop.test/cart", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie: await cookies(), "content-type": "application/x-www-form-urlencoded" },
    });
    return cartRoute.action({ request, params: {}, context: api.context } as never);
  };

  it("answers a blank code with the spec's text and 400", async () => {
    const result = (await post({ intent: "applyPromo", code: "   " })) as unknown as { data: { promoError: string }; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data.promoError).toBe(MSG.promo.required);
  });

  it("keeps an accepted code in the cart cookie with its one-time congratulation", async () => {
    const response = (await post({ intent: "applyPromo", code: " welcome10 " })) as Response;
    expect(response.status).toBe(303);
    const stored = response.headers.getSetCookie().find((value) => value.startsWith("__cart="));
    const state = await cart.readCartState(new Request("http://shop.test/", { headers: { cookie: stored?.split(";")[0] ?? "" } }));
    expect(state).toMatchObject({ promoCode: "WELCOME10", celebrate: "5.00" });
  });

  it("drops a stored code the basket no longer qualifies for, saying why", async () => {
    const request = new Request("http://shop.test/cart", { headers: { cookie: await cookies("WELCOME10") } });
    const loaded = (await cartRoute.loader({
      request,
      params: {},
      context: fakeApi({ promo: "minimum" }).context,
    } as never)) as unknown as {
      data: { promo: unknown; notices: string[]; summary: { discountPence: number } };
    };
    expect(loaded.data.promo).toBeNull();
    expect(loaded.data.summary.discountPence).toBe(0);
    expect(loaded.data.notices).toContain(`WELCOME10: ${MSG.promo.minimumBasket("75.00")}`);
  });
});
