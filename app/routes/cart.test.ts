import { beforeAll, describe, expect, it, vi } from "vitest";
import { SHARED_PAGE_TOKEN } from "#app/forms/submission-once.server.ts";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { productFixture, variantFixture } from "#app/testing/product-fixtures.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "cart-route-test-secret-0123456789abcdef");
let route: typeof import("./cart.tsx");
let session: typeof import("#app/session/session.server.ts");
let cart: typeof import("#app/features/cart/cart.server.ts");
beforeAll(async () => {
  route = await import("./cart.tsx");
  session = await import("#app/session/session.server.ts");
  cart = await import("#app/features/cart/cart.server.ts");
});

const abaya = productFixture(1, [variantFixture(10, { stock: 3, price: 50 })], { name: "Noor Abaya", current_price: 50, price: 50 });

/** A router context whose API answers the bulk call from `products`, or with a 500. */
function contextWith(products: ProductSummaryDto[] | "down") {
  return routerContextWith(
    fakeTransport(() =>
      products === "down"
        ? Response.json({ success: false, data: null, message: "boom" }, { status: 500 })
        : Response.json({ success: true, data: products, message: "OK" }),
    ),
  );
}

async function cookieFor(lines: Parameters<typeof cart.encodeLines>[0]) {
  const header = await cart.serializeCart(new Request("http://shop.test/"), lines);
  return (header ?? "").split(";")[0];
}

async function post(fields: Record<string, string>, options: { cookie?: string; products?: ProductSummaryDto[] | "down" } = {}) {
  const request = new Request("http://shop.test/cart", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  return (await route.action({ request, params: {}, context: contextWith(options.products ?? [abaya]) } as never)) as Response;
}

async function toastOf(response: Response) {
  const sessionCookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  const found = await session.getSession(new Request("http://shop.test/", { headers: { cookie: sessionCookie?.split(";")[0] ?? "" } }));
  return session.takeToasts(found).at(-1)?.message;
}

const cartCookieOf = (response: Response) => response.headers.getSetCookie().find((value) => value.startsWith("__cart="));

describe("/cart action", () => {
  it("adds and goes back to the same-site page it came from with the cart toast", async () => {
    const response = await post({ intent: "add", source: "card", productId: "1", redirectTo: "/products?page=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/products?page=2");
    expect(await toastOf(response)).toBe("Noor Abaya added to cart!");
    const stored = cartCookieOf(response);
    expect(await cart.readCart(new Request("http://shop.test/", { headers: { cookie: stored?.split(";")[0] ?? "" } }))).toHaveLength(1);
  });

  it("never follows a redirect off the site", async () => {
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const response = await post({ intent: "clear", redirectTo });
      expect(response.headers.get("location")).toBe("/cart");
    }
  });

  it("answers bad input with an error toast and leaves the cart alone", async () => {
    const response = await post({ intent: "set", lineId: "1-10-Standard Fit", quantity: "lots" });
    expect(response.status).toBe(303);
    expect(await toastOf(response)).toBe(MSG.helper.validation);
    expect(cartCookieOf(response)).toBeUndefined();
    expect(await toastOf(await post({ intent: "add", productId: "x" }))).toBe(MSG.cart.addFailed);
  });

  it("tells a shopper applying a promo code to an empty cart that the cart is empty, keeping the code typed", async () => {
    const response = (await post({ intent: "applyPromo", code: "WELCOME10" })) as unknown as { data: unknown; init: ResponseInit };
    expect(response.data).toEqual({ promoError: MSG.promo.emptyCart, typed: "WELCOME10" });
    expect(response.init.status).toBe(400);
  });

  it("adds once for a form posted twice with its page's token (a double tap without JavaScript)", async () => {
    const fields = { intent: "add", source: "card", productId: "1", redirectTo: "/products", submissionToken: "page-token-1" };
    const first = await post(fields);
    expect(await toastOf(first)).toBe("Noor Abaya added to cart!");
    const again = await post(fields, { cookie: cartCookieOf(first)?.split(";")[0] });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/products");
    expect(cartCookieOf(again)).toBeUndefined();
    // Another page's form adds again.
    expect(await toastOf(await post({ ...fields, submissionToken: "page-token-2" }))).toBe("Noor Abaya added to cart!");
  });

  it("adds once for a first visit's form posted again with the cart its first post made, and for every visitor still without one", async () => {
    const fields = { intent: "add", source: "card", productId: "1", redirectTo: "/products", submissionToken: SHARED_PAGE_TOKEN };
    const first = await post(fields);
    expect(await toastOf(first)).toBe("Noor Abaya added to cart!");
    const again = await post(fields, { cookie: cartCookieOf(first)?.split(";")[0] });
    expect(again.headers.get("location")).toBe("/products");
    expect(cartCookieOf(again)).toBeUndefined();
    // Another visitor behind the same address and browser, on their first page, adds.
    expect(await toastOf(await post(fields))).toBe("Noor Abaya added to cart!");
  });

  it("refuses a forged decrement at 1 with a message and keeps the line", async () => {
    const cookie = await cookieFor([{ productId: 1, variantId: 10, quantity: 1, fit: "Standard Fit", color: "Black", size: "M" }]);
    const response = await post({ intent: "decrement", lineId: "1-10-Standard Fit" }, { cookie });
    expect(response.status).toBe(303);
    expect(await toastOf(response)).toBe(MSG.cart.quantityBelowOne);
    expect(cartCookieOf(response)).toBeUndefined();
  });

  it("treats a tampered cookie as an empty cart", async () => {
    const response = await post({ intent: "add", productId: "1" }, { cookie: "__cart=W3sicCI6MX1d.forged" });
    expect(response.status).toBe(303);
    expect(await toastOf(response)).toBe("Noor Abaya added to cart!");
  });
});

describe("/cart action on a waiting order", () => {
  it("sends a guest's Pay now or Cancel to sign in, and refuses a forged order field with 400", async () => {
    for (const intent of ["pay-order", "cancel-order"]) {
      const thrown = await post({ intent, order: "7" }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toMatch(/^\/signin/);
    }
    const signedIn = await session.getSession(new Request("http://shop.test/"));
    signedIn.set("token", "token-1");
    signedIn.set("user", { id: 1, name: "Amina", email: "amina@example.com", email_verified: true });
    const cookie = (await session.commitSession(new Request("http://shop.test/"), signedIn)).split(";")[0];
    const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };
    const asked: string[] = [];
    const context = routerContextWith(
      fakeTransport((path) => {
        asked.push(path);
        return Response.json({ success: true, data: { user }, message: "OK" });
      }),
    );
    const request = new Request("http://shop.test/cart", {
      method: "POST",
      body: new URLSearchParams({ intent: "cancel-order", order: "7; drop" }),
      headers: { cookie },
    });
    const forged = await route.action({ request, params: {}, context } as never).catch((error: unknown) => error);
    expect(forged).toMatchObject({ init: { status: 400 } });
    expect(asked.some((path) => path.startsWith("/payments/"))).toBe(false);
  });
});

describe("/cart loader", () => {
  /** What `data(...)` wraps: the page's data and the response init carrying the cookie. */
  interface Loaded {
    data: { failed: boolean; notices: string[]; items: { quantity: number }[]; summary: { totalPence: number } };
    init: ResponseInit | null;
  }
  const load = async (cookie: string, products: ProductSummaryDto[] | "down") => {
    const request = new Request("http://shop.test/cart", { headers: { cookie } });
    return (await route.loader({ request, params: {}, context: contextWith(products) } as never)) as unknown;
  };

  it("shows the failure state, not an error, when the products cannot be fetched", async () => {
    const cookie = await cookieFor([{ productId: 1, variantId: 10, quantity: 1, fit: "Standard Fit", color: "Black", size: "M" }]);
    expect(((await load(cookie, "down")) as Loaded).data).toMatchObject({ failed: true, items: [] });
  });

  it("drops vanished products, says so and stores the cleaned cart", async () => {
    const cookie = await cookieFor([
      { productId: 1, variantId: 10, quantity: 5, fit: "Standard Fit", color: "Black", size: "M" },
      { productId: 2, variantId: 20, quantity: 1, fit: "Standard Fit", color: "Ivory", size: "S" },
    ]);
    const result = (await load(cookie, [abaya])) as Loaded;
    expect(result.data).toMatchObject({ failed: false, notices: [MSG.cart.linesRemoved, MSG.cart.quantitiesReduced] });
    expect(result.data.items.map((item) => item.quantity)).toEqual([3]);
    expect(result.data.summary.totalPence).toBe(3 * 5000 + 500);
    expect(new Headers(result.init?.headers).get("set-cookie")).toMatch(/^__cart=/);
  });

  it("names a signed-in shopper's order waiting for payment, whose held units the cart may show as gone", async () => {
    const waitingOrder = {
      id: 7,
      code: "MN-WAIT-0001",
      created_at: "2026-11-28T10:00:00.000Z",
      status_name: "pending",
      payment_status: "unpaid",
      total: 55,
      product_image: null,
      held_until: "2026-11-28T10:30:00.000Z",
    };
    const paths: string[] = [];
    const context = routerContextWith(
      fakeTransport((path) => {
        paths.push(path);
        if (path.startsWith("/orders/my-orders")) {
          const orders = [{ ...waitingOrder, id: 8, code: "MN-PAID-0002", held_until: null }, waitingOrder];
          return Response.json({
            success: true,
            data: { orders, pagination: { total: 2, totalPages: 1, page: 1, limit: 10 } },
            message: "OK",
          });
        }
        return Response.json({ success: true, data: [abaya], message: "OK" });
      }),
    );
    const signedIn = await session.getSession(new Request("http://shop.test/"));
    signedIn.set("token", "token-1");
    signedIn.set("user", { id: 1, name: "Amina", email: "amina@example.com", email_verified: true });
    const sessionCookie = (await session.commitSession(new Request("http://shop.test/"), signedIn)).split(";")[0];
    const loadAs = async (cookie: string) => {
      const request = new Request("http://shop.test/cart", { headers: { cookie } });
      return ((await route.loader({ request, params: {}, context } as never)) as { data: { waiting: unknown } }).data.waiting;
    };
    expect(await loadAs(sessionCookie)).toEqual({ id: 7, code: "MN-WAIT-0001", heldUntil: "2026-11-28T10:30:00.000Z" });
    expect(paths.some((path) => path.startsWith("/orders/my-orders"))).toBe(true);

    // A guest has no orders to ask about.
    paths.length = 0;
    expect(await loadAs("")).toBeNull();
    expect(paths.some((path) => path.startsWith("/orders/"))).toBe(false);
  });
});
