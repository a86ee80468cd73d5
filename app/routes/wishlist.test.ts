import { beforeAll, describe, expect, it, vi } from "vitest";
import { flashedToast, postForm } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "wishlist-route-test-secret-0123456789");
let route: typeof import("./wishlist.tsx");
beforeAll(async () => {
  route = await import("./wishlist.tsx");
});

const post = (fields: Record<string, string>) =>
  postForm(route.action, "http://shop.test/wishlist", fields, { status: 500, body: { success: false, data: null, message: "not called" } });

describe("/wishlist, signed out", () => {
  it("sends a card's heart to sign in, coming back to that card", async () => {
    const { result, sent } = await post({
      intent: "add",
      productId: "12",
      redirectTo: "/products?page=2",
      cardGrid: "home-trending-product",
    });
    const response = result as Response;
    expect(sent).toEqual([]);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "", "http://shop.test");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("redirectTo")).toBe("/products?page=2#home-trending-product-12");
    expect(await flashedToast(response)).toMatchObject({ type: "warning", message: MSG.wishlist.loginRequired });
  });

  it("replaces a fragment the page address already had with the card's anchor", async () => {
    const { result } = await post({ intent: "add", productId: "7", redirectTo: "/?page=2#hero", cardGrid: "home-latest-product" });
    const location = new URL((result as Response).headers.get("location") ?? "", "http://shop.test");
    expect(location.searchParams.get("redirectTo")).toBe("/?page=2#home-latest-product-7");
  });

  it("sends the detail page's heart to sign in, coming back to the page", async () => {
    const { result } = await post({ intent: "add", productId: "12", redirectTo: "/product/abc" });
    expect((result as Response).headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: "/product/abc" })}`);
  });

  it.each(["Trending", "a#b", "x".repeat(41), "-product"])(
    "refuses a forged grid %j with the add failure, going back",
    async (cardGrid) => {
      const { result, sent } = await post({ intent: "add", productId: "12", redirectTo: "/products", cardGrid });
      const response = result as Response;
      expect(sent).toEqual([]);
      expect(response.headers.get("location")).toBe("/products");
      expect(await flashedToast(response)).toMatchObject({ type: "error", message: MSG.wishlist.addFailed });
    },
  );
});
