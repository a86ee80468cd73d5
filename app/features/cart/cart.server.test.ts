import { beforeAll, describe, expect, it, vi } from "vitest";
import { CART_MAX_LINES, DEFAULT_FIT } from "#contract/constants.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { createApiClient } from "../../api-client/api.server.ts";
import { fakeTransport } from "../../testing/fake-transport.server.ts";
import { productFixture as product, variantFixture as variant } from "../../testing/product-fixtures.ts";
import { type CartLine, lineIdOf } from "./cart.ts";
import { type CartIntent, cartIntentSchema } from "./cart-schema.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "cart-server-test-secret-0123456789abcdef");
let cart: typeof import("./cart.server.ts");
beforeAll(async () => {
  cart = await import("./cart.server.ts");
});

const SECRET = "another-test-secret-0123456789abcdefgh";
const line = (fields: Partial<CartLine> = {}): CartLine => ({
  productId: 1,
  variantId: 10,
  quantity: 1,
  fit: DEFAULT_FIT.cart,
  color: "Black",
  size: "M",
  ...fields,
});

/** The `name=value` pair a browser would send back for a Set-Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0];

describe("the cart cookie", () => {
  it("round-trips lines in the compact form, leaving out the default fit", async () => {
    const lines = [line({ quantity: 2 }), line({ productId: 2, variantId: 20, fit: "Relaxed", color: "Dusty Rose", size: "One Size" })];
    expect(cart.encodeLines(lines)).toEqual([
      { p: 1, v: 10, q: 2, c: "Black", s: "M" },
      { p: 2, v: 20, q: 1, f: "Relaxed", c: "Dusty Rose", s: "One Size" },
    ]);
    const cookie = cart.createCartCookie([SECRET], false);
    const header = await cart.serializeCartFor(cookie, lines);
    expect(header).toMatch(/^__cart=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await cart.readCartFrom(cookie, cookiePair(header ?? ""))).toEqual(lines);
  });

  it("is Secure when the request is", async () => {
    expect(await cart.serializeCartFor(cart.createCartCookie([SECRET], true), [line()])).toContain("; Secure");
  });

  it("reads a tampered, foreign-signed or unsigned cookie as an empty cart", async () => {
    const cookie = cart.createCartCookie([SECRET], false);
    const pair = cookiePair((await cart.serializeCartFor(cookie, [line({ quantity: 3 })])) ?? "");
    const [value, signature] = decodeURIComponent(pair.slice("__cart=".length)).split(".");
    const forged = btoa(JSON.stringify([{ p: 1, v: 10, q: 99, c: "Black", s: "M" }]));
    for (const header of [
      `__cart=${encodeURIComponent(`${forged}.${signature}`)}`,
      `__cart=${encodeURIComponent(`${value}x.${signature}`)}`,
      `__cart=${encodeURIComponent(forged)}`,
      "__cart=%%%",
      "__cart=",
    ]) {
      expect(await cart.readCartFrom(cookie, header)).toEqual([]);
    }
    const otherKey = cart.createCartCookie(["a-different-secret-0123456789abcdefgh"], false);
    expect(await cart.readCartFrom(otherKey, pair)).toEqual([]);
  });

  it("keeps only well-formed lines, and no more than the cap", () => {
    expect(cart.decodeLines({ p: 1 })).toEqual([]);
    expect(
      cart.decodeLines([{ p: 1, v: 10, q: 0, c: "Black", s: "M" }, { p: "1" }, null, { p: 2, v: 20, q: 1, c: "Ivory", s: "S" }]),
    ).toEqual([line({ productId: 2, variantId: 20, color: "Ivory", size: "S" })]);
    const many = Array.from({ length: CART_MAX_LINES + 5 }, (_, index) => ({ p: index + 1, v: index + 1, q: 1, c: "Black", s: "M" }));
    expect(cart.decodeLines(many)).toHaveLength(CART_MAX_LINES);
  });

  it("refuses lines that would not fit in a cookie, and clears an empty cart", async () => {
    const cookie = cart.createCartCookie([SECRET], false);
    const long = (index: number) =>
      line({ productId: 100000 + index, variantId: 200000 + index, fit: "F".repeat(40), color: "C".repeat(40), size: "S".repeat(20) });
    expect(
      await cart.serializeCartFor(
        cookie,
        Array.from({ length: CART_MAX_LINES }, (_, index) => long(index)),
      ),
    ).toBeNull();
    expect(await cart.serializeCartFor(cookie, [])).toMatch(/^__cart=; Max-Age=0;/);
  });
});

const catalogue: ProductSummaryDto[] = [
  product(1, [variant(10, { stock: 3 }), variant(11, { color_name: "Ivory", size: "L", stock: 2 })], { name: "Noor Abaya" }),
];

/** An API that answers `/public/products/bulk` from `catalogue`, or fails when told to; `calls` are the paths asked for. */
function fakeApi(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  const transport = fakeTransport((path) => {
    calls.push(path);
    if (options.fail) return Response.json({ success: false, data: null, message: MSG.api.internal }, { status: 500 });
    const ids = new URL(path, "http://api").searchParams.get("ids")?.split(",").map(Number) ?? [];
    const data = catalogue.filter((product) => ids.includes(product.id));
    return Response.json({ success: true, data, message: "OK" });
  });
  return { api: createApiClient({ transport }), calls };
}

const intent = (fields: Record<string, string>): CartIntent => cartIntentSchema.parse(fields);

describe("applyCartIntent: add", () => {
  it("adds from the detail page by colour and size, with the fit, and toasts the name", async () => {
    const { api, calls } = fakeApi();
    const outcome = await cart.applyCartIntent(
      api,
      [],
      intent({ intent: "add", source: "detail", productId: "1", color: "ivory", size: "L", fit: "Relaxed", quantity: "2" }),
    );
    expect(calls).toEqual(["/public/products/bulk?ids=1"]);
    expect(outcome).toEqual({
      lines: [line({ variantId: 11, quantity: 2, fit: "Relaxed", color: "Ivory", size: "L" })],
      toast: { type: "cart", message: "Noor Abaya added to cart!" },
    });
  });

  it("asks for both size and colour, then a variant that exists, then stock (with the cart's share)", async () => {
    const { api } = fakeApi();
    const detail = { intent: "add", source: "detail", productId: "1" };
    expect((await cart.applyCartIntent(api, [], intent({ ...detail, color: "Black" }))).toast?.message).toBe(MSG.cart.selectSizeAndColor);
    expect((await cart.applyCartIntent(api, [], intent({ ...detail, color: "Black", size: "XS" }))).toast?.message).toBe(
      MSG.cart.variantNotFound,
    );
    const inCart = [line({ quantity: 2 })];
    const refused = await cart.applyCartIntent(api, inCart, intent({ ...detail, color: "Black", size: "M", quantity: "2" }));
    expect(refused).toEqual({ lines: null, toast: { type: "error", message: "Only 3 items available in stock." } });
  });

  it("adds from a card: the given variant, else the first; refuses past stock without the full stop", async () => {
    const { api } = fakeApi();
    const first = await cart.applyCartIntent(api, [], intent({ intent: "add", source: "card", productId: "1" }));
    expect(first.lines).toEqual([line()]);
    const given = await cart.applyCartIntent(
      api,
      [],
      intent({ intent: "add", source: "card", productId: "1", variantId: "11", quantity: "3" }),
    );
    expect(given.toast).toEqual({ type: "error", message: "Only 2 items available in stock" });
  });

  it("adds one from a card's form, which names only the variant, taking colour and size from it", async () => {
    const { api } = fakeApi();
    const fromCard = await cart.applyCartIntent(api, [], intent({ intent: "add", productId: "1", variantId: "10" }));
    expect(fromCard.lines).toEqual([line()]);
    const forged = await cart.applyCartIntent(
      api,
      [],
      intent({ intent: "add", productId: "1", variantId: "10", color: "Gold", size: "XS" }),
    );
    expect(forged.lines).toEqual([line()]);
  });

  it("merges with the line already in the cart", async () => {
    const { api } = fakeApi();
    const outcome = await cart.applyCartIntent(api, [line()], intent({ intent: "add", productId: "1", variantId: "10" }));
    expect(outcome.lines).toEqual([line({ quantity: 2 })]);
    expect(outcome.toast?.type).toBe("cart");
  });

  it("fails politely for an unknown product or an API failure", async () => {
    expect((await cart.applyCartIntent(fakeApi().api, [], intent({ intent: "add", productId: "9" }))).toast?.message).toBe(
      MSG.cart.addFailed,
    );
    expect((await cart.applyCartIntent(fakeApi({ fail: true }).api, [], intent({ intent: "add", productId: "1" }))).toast?.message).toBe(
      MSG.cart.addFailed,
    );
  });
});

describe("applyCartIntent: quantity", () => {
  const lines = [line({ quantity: 2 }), line({ productId: 2, variantId: 20 })];
  const id = lineIdOf(lines[0]);

  it("sets a quantity within stock and toasts when the count grows", async () => {
    const outcome = await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "set", lineId: id, quantity: "3" }));
    expect(outcome.lines?.[0].quantity).toBe(3);
    expect(outcome.toast).toEqual({ type: "cart", message: "Noor Abaya added to cart!" });
    const lower = await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "set", lineId: id, quantity: "1" }));
    expect(lower).toEqual({ lines: [line(), lines[1]], toast: null });
  });

  it("refuses above the variant's stock, by set or by increment at the max", async () => {
    const expected = { lines: null, toast: { type: "error", message: "Only 3 items available in stock for this variant" } };
    expect(await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "set", lineId: id, quantity: "4" }))).toEqual(expected);
    const atMax = [line({ quantity: 3 })];
    expect(await cart.applyCartIntent(fakeApi().api, atMax, intent({ intent: "increment", lineId: id }))).toEqual(expected);
  });

  it("refuses below 1, a forged decrement at 1 too, without asking the API", async () => {
    const { api, calls } = fakeApi();
    const refused = { lines: null, toast: { type: "error", message: MSG.cart.quantityBelowOne } };
    expect(await cart.applyCartIntent(api, lines, intent({ intent: "set", lineId: id, quantity: "0" }))).toEqual(refused);
    expect(await cart.applyCartIntent(api, [line()], intent({ intent: "decrement", lineId: id }))).toEqual(refused);
    expect(calls).toEqual([]);
  });

  it("says so when the line is gone or the stock cannot be read", async () => {
    expect((await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "increment", lineId: "5-5-x" }))).toast?.message).toBe(
      MSG.cart.itemMissing,
    );
    const failed = await cart.applyCartIntent(fakeApi({ fail: true }).api, lines, intent({ intent: "increment", lineId: id }));
    expect(failed).toEqual({ lines: null, toast: { type: "error", message: MSG.catalogue.cartProductsFailed } });
  });

  it("removes and clears", async () => {
    expect((await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "remove", lineId: id }))).lines).toEqual([lines[1]]);
    expect((await cart.applyCartIntent(fakeApi().api, lines, intent({ intent: "clear" }))).lines).toEqual([]);
  });
});

describe("the cart form schema", () => {
  it("refuses what no cart form sends", () => {
    for (const fields of [
      {},
      { intent: "explode" },
      { intent: "add" },
      { intent: "add", productId: "abc" },
      { intent: "add", productId: "1", quantity: "0" },
      { intent: "add", productId: "1", fit: "<script>" },
      { intent: "set", lineId: "1-10-x" },
      { intent: "set", lineId: "1-10-x", quantity: "1.5" },
      { intent: "remove" },
    ]) {
      expect(cartIntentSchema.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
    }
  });

  it("defaults the source to card and the quantity to 1, and treats blanks as not given", () => {
    expect(cartIntentSchema.parse({ intent: "add", productId: "4", variantId: "", color: " ", quantity: "" })).toEqual({
      intent: "add",
      source: "card",
      productId: 4,
      quantity: 1,
    });
  });
});
