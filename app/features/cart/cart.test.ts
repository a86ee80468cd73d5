import { describe, expect, it } from "vitest";
import { CART_MAX_LINES, DEFAULT_FIT, PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import { productFixture as product, variantFixture as variant } from "../../testing/product-fixtures.ts";
import {
  addLine,
  type CartLine,
  countItems,
  itemHref,
  lineIdOf,
  pendingQuantity,
  refreshCart,
  setLineQuantity,
  variantByChoice,
  variantForCard,
} from "./cart.ts";

function line(fields: Partial<CartLine> = {}): CartLine {
  return { productId: 1, variantId: 10, quantity: 1, fit: DEFAULT_FIT.cart, color: "Black", size: "M", ...fields };
}

describe("line identity", () => {
  it("is the product id plus the variant id, with the fit", () => {
    expect(lineIdOf(line({ productId: 7, variantId: 42, fit: "Relaxed" }))).toBe("7-42-Relaxed");
  });
});

describe("addLine", () => {
  it("appends a new line", () => {
    const change = addLine([], line({ quantity: 2 }), 5);
    expect(change).toEqual({ ok: true, lines: [line({ quantity: 2 })] });
  });

  it("merges with a line of the same id, so the quantity grows", () => {
    const change = addLine([line({ quantity: 2 })], line({ quantity: 1 }), 5);
    expect(change.ok && change.lines).toEqual([line({ quantity: 3 })]);
  });

  it("keeps another fit of the same variant as its own line", () => {
    const change = addLine([line({ quantity: 1 })], line({ quantity: 1, fit: "Relaxed" }), 5);
    expect(change.ok && change.lines.map(lineIdOf)).toEqual(["1-10-Standard Fit", "1-10-Relaxed"]);
  });

  it("refuses when the new quantity plus what the cart holds of the variant passes the stock", () => {
    expect(addLine([], line({ quantity: 6 }), 5)).toEqual({ ok: false, reason: "stock", available: 5 });
    expect(addLine([line({ quantity: 4 })], line({ quantity: 2 }), 5)).toEqual({ ok: false, reason: "stock", available: 5 });
    expect(addLine([line({ quantity: 4, fit: "Relaxed" })], line({ quantity: 2 }), 5)).toMatchObject({ ok: false, reason: "stock" });
    expect(addLine([line({ quantity: 4 })], line({ quantity: 1 }), 5).ok).toBe(true);
  });

  it("refuses a sold-out variant", () => {
    expect(addLine([], line(), 0)).toEqual({ ok: false, reason: "stock", available: 0 });
  });

  it("refuses a new line once the cart holds the most lines, but still merges", () => {
    const full = Array.from({ length: CART_MAX_LINES }, (_, index) => line({ productId: index + 1, variantId: index + 100 }));
    expect(addLine(full, line({ productId: 999, variantId: 999 }), 5)).toEqual({ ok: false, reason: "full" });
    expect(addLine(full, line({ productId: 1, variantId: 100 }), 5).ok).toBe(true);
  });
});

describe("setLineQuantity", () => {
  const lines = [line({ quantity: 2 }), line({ productId: 2, variantId: 20, quantity: 1 })];
  const id = lineIdOf(lines[0]);

  it("sets a quantity up to the stock", () => {
    const change = setLineQuantity(lines, id, 5, 5);
    expect(change.ok && change.lines[0].quantity).toBe(5);
  });

  it("refuses above the stock and leaves the lines as they were", () => {
    expect(setLineQuantity(lines, id, 6, 5)).toEqual({ ok: false, reason: "stock", available: 5 });
  });

  it("counts the variant's other fits against its stock", () => {
    const withFits = [...lines, line({ quantity: 2, fit: "Relaxed" })];
    expect(setLineQuantity(withFits, id, 4, 5)).toMatchObject({ ok: false, reason: "stock" });
    expect(setLineQuantity(withFits, id, 3, 5).ok).toBe(true);
  });

  it("refuses below 1: the line stays (Remove takes it out)", () => {
    for (const quantity of [0, -3]) expect(setLineQuantity(lines, id, quantity, 5)).toEqual({ ok: false, reason: "belowOne" });
  });

  it("answers missing for an unknown line", () => {
    expect(setLineQuantity(lines, "9-9-Standard Fit", 1, 5)).toEqual({ ok: false, reason: "missing" });
  });
});

describe("variant choice", () => {
  const shop = product(1, [variant(10, { stock: 0 }), variant(11, { color_name: "Ivory", size: "L" })]);

  it("finds the detail page's colour and size, ignoring case and spaces", () => {
    expect(variantByChoice(shop, " ivory", "l")?.id).toBe(11);
    expect(variantByChoice(shop, "Ivory", "XS")).toBeUndefined();
  });

  it("takes a card's given variant, else the first in stock, else the first", () => {
    expect(variantForCard(shop, 10)?.id).toBe(10);
    expect(variantForCard(shop, 99)).toBeUndefined();
    expect(variantForCard(shop)?.id).toBe(11);
    expect(variantForCard(product(2, [variant(20, { stock: 0 }), variant(21, { stock: 0 })]))?.id).toBe(20);
  });
});

describe("refreshCart", () => {
  it("prices lines from fresh product data with the extra, and keeps the fit", () => {
    const products = [product(1, [variant(10, { extra_price: 12.5, stock: 3 })], { current_price: 80, name: "Noor Abaya" })];
    const { items, removed, reduced } = refreshCart([line({ quantity: 2, fit: "Relaxed" })], products);
    expect(removed).toBe(0);
    expect(reduced).toBe(0);
    expect(items).toEqual([
      {
        id: "1-10-Relaxed",
        productId: 1,
        variantId: 10,
        token: "token-1",
        name: "Noor Abaya",
        image: "/images/1.jpg",
        basePricePence: 8000,
        extraPricePence: 1250,
        unitPricePence: 9250,
        quantity: 2,
        selectedColor: "Black",
        selectedSize: "M",
        selectedFit: "Relaxed",
        stock: 3,
        atMax: false,
      },
    ]);
  });

  it("re-matches a replaced variant by size and colour", () => {
    const products = [product(1, [variant(55, { color_name: "Black", size: "M", stock: 4 })])];
    const refreshed = refreshCart([line({ variantId: 10, quantity: 2 })], products);
    expect(refreshed.lines).toEqual([line({ variantId: 55, quantity: 2 })]);
    expect(refreshed.items[0].id).toBe("1-55-Standard Fit");
  });

  it("drops lines whose product or variant vanished, or which sold out, and counts them", () => {
    const products = [product(1, [variant(10, { stock: 0 })]), product(2, [variant(20, { color_name: "Rose", size: "S" })])];
    const lines = [line(), line({ productId: 2, variantId: 21, color: "Sage", size: "S" }), line({ productId: 3, variantId: 30 })];
    const refreshed = refreshCart(lines, products);
    expect(refreshed.lines).toEqual([]);
    expect(refreshed.removed).toBe(3);
  });

  it("cuts quantities to the stock the variant has left across its fits", () => {
    const products = [product(1, [variant(10, { stock: 3 })])];
    const refreshed = refreshCart([line({ quantity: 2 }), line({ quantity: 2, fit: "Relaxed" })], products);
    expect(refreshed.lines.map((kept) => kept.quantity)).toEqual([2, 1]);
    expect(refreshed.reduced).toBe(1);
    expect(refreshed.items.every((item) => item.atMax)).toBe(true);
  });

  it("merges two lines that land on the same variant", () => {
    const products = [product(1, [variant(55, { stock: 9 })])];
    const refreshed = refreshCart([line({ variantId: 10, quantity: 2 }), line({ variantId: 55, quantity: 3 })], products);
    expect(refreshed.lines).toEqual([line({ variantId: 55, quantity: 5 })]);
  });

  it("shows the picture in the chosen colour, else the product's, else the placeholder", () => {
    const image = (colorImage: string | null, mainImage: string) =>
      refreshCart([line()], [product(1, [variant(10, { color_image: colorImage })], { main_image: mainImage })]).items[0].image;
    expect(image("/images/black.jpg", "/images/main.jpg")).toBe("/images/black.jpg");
    expect(image(null, "/images/main.jpg")).toBe("/images/main.jpg");
    expect(image(null, "")).toBe(PLACEHOLDER_IMAGE);
  });

  it("marks a line at max when its variant's stock is all in the cart", () => {
    const refreshed = refreshCart([line({ quantity: 5 })], [product(1, [variant(10, { stock: 5 })])]);
    expect(refreshed.items[0].atMax).toBe(true);
  });
});

describe("countItems", () => {
  it("counts pieces, not lines", () => {
    expect(countItems([line({ quantity: 2 }), line({ quantity: 3, variantId: 11 })])).toBe(5);
  });
});

describe("pendingQuantity", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };
  const item = { quantity: 2, stock: 3 };

  it("shows what each intent will make the quantity", () => {
    expect(pendingQuantity(item, form({ intent: "increment" }))).toBe(3);
    expect(pendingQuantity(item, form({ intent: "decrement" }))).toBe(1);
    expect(pendingQuantity(item, form({ intent: "remove" }))).toBe(0);
    expect(pendingQuantity(item, form({ intent: "set", quantity: "1" }))).toBe(1);
  });

  it("keeps a line at 1: a decrement or a typed quantity below 1 changes nothing", () => {
    expect(pendingQuantity({ quantity: 1, stock: 3 }, form({ intent: "decrement" }))).toBe(1);
    expect(pendingQuantity(item, form({ intent: "set", quantity: "0" }))).toBe(2);
    expect(pendingQuantity(item, form({ intent: "set", quantity: "-4" }))).toBe(2);
  });

  it("keeps the current quantity where the server will refuse, and ignores other forms", () => {
    expect(pendingQuantity(item, form({ intent: "set", quantity: "4" }))).toBe(2);
    expect(pendingQuantity(item, form({ intent: "set", quantity: "two" }))).toBeNull();
    expect(pendingQuantity(item, form({ intent: "clear" }))).toBeNull();
  });
});

describe("itemHref", () => {
  it("links to the product with the item's choices", () => {
    expect(itemHref({ token: "abc", selectedColor: "Dusty Rose", selectedSize: "M", selectedFit: "Standard Fit" })).toBe(
      "/product/abc?color=Dusty+Rose&size=M&fit=Standard+Fit",
    );
  });
});
