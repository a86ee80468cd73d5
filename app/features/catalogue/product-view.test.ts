import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";
import { productFixture } from "../../testing/product-fixtures.ts";
import {
  defaultFit,
  galleryIndex,
  resolveVariantSelection,
  selectionFromSearch,
  toProductPageView,
  truncateDescription,
  variantSearch,
  wrapIndex,
} from "./product-detail-view.ts";
import { colorDots, colorOptions, firstVariantInStock, struckPrice, toCategoryTile, toProductCard } from "./product-view.ts";

let nextId = 1;
function variant(color_name: string, size: string, stock: number, extra_price = 0): VariantDto {
  const id = nextId++;
  return {
    id,
    product_id: 1,
    sku: `SKU-${id}`,
    color_name,
    color_code: "#000",
    color_image: null,
    size,
    stock,
    extra_price,
    price: 100 + extra_price,
  };
}

const variants = [
  variant("Sage", "L", 2),
  variant("Sage", "S", 0),
  variant("Sage", "M", 5, 10),
  variant("Ivory", "M", 0),
  variant("Ivory", "XS", 3),
];
const fits = (...values: string[]) => values.map((value) => ({ value }));
const product = { variants, available_fits: fits("Relaxed Fit", "Fitted"), default_fit: null };

describe("selectionFromSearch", () => {
  it("reads colour, size and fit from the query, and resolves them as resolveVariantSelection does", () => {
    const selection = selectionFromSearch(product, "?color=Ivory&size=XS&fit=Relaxed+Fit&img=2");
    expect([selection.color, selection.size, selection.fit]).toEqual(["Ivory", "XS", "Relaxed Fit"]);
    expect(selectionFromSearch(product, "")).toEqual(resolveVariantSelection(product, {}));
  });
});

describe("resolveVariantSelection", () => {
  it("pre-selects the first colour and its first size in stock, smallest first", () => {
    const selection = resolveVariantSelection(product, {});
    expect(selection.color).toBe("Sage");
    expect(selection.sizes.map((option) => option.size)).toEqual(["S", "M", "L"]);
    expect(selection.size).toBe("M");
    expect(selection.variant?.price).toBe(110);
    expect(selection.available).toBe(5);
  });

  it("keeps a valid choice from the URL", () => {
    const selection = resolveVariantSelection(product, { color: "Ivory", size: "XS", fit: "Relaxed Fit" });
    expect([selection.color, selection.size, selection.fit, selection.available]).toEqual(["Ivory", "XS", "Relaxed Fit", 3]);
  });

  it("replaces unknown or sold-out choices", () => {
    const selection = resolveVariantSelection(product, { color: "Crimson", size: "S", fit: "Baggy" });
    expect([selection.color, selection.size, selection.fit]).toEqual(["Sage", "M", "Fitted"]);
    expect(resolveVariantSelection(product, { color: "Ivory", size: "M" }).size).toBe("XS");
  });

  it("selects no size when a colour is sold out", () => {
    const selection = resolveVariantSelection({ ...product, variants: [variant("Noir", "M", 0)] }, {});
    expect([selection.color, selection.size, selection.variant, selection.available]).toEqual(["Noir", null, null, 0]);
  });

  it("has nothing to select without variants", () => {
    const selection = resolveVariantSelection({ variants: [], available_fits: [], default_fit: null }, {});
    expect([selection.color, selection.size, selection.fit]).toEqual([null, null, null]);
  });
});

describe("defaultFit", () => {
  it("uses the product's default when it is offered, else the first fit", () => {
    expect(defaultFit({ available_fits: fits("Relaxed Fit", "Fitted"), default_fit: "Relaxed Fit" })).toBe("Relaxed Fit");
    expect(defaultFit({ available_fits: fits("Relaxed Fit", "Regular"), default_fit: "Fitted" })).toBe("Relaxed Fit");
  });

  it("falls back to 'Fitted' when the product names no default", () => {
    expect(defaultFit({ available_fits: fits("Relaxed Fit", "Fitted"), default_fit: null })).toBe("Fitted");
    expect(defaultFit({ available_fits: fits("Relaxed Fit"), default_fit: null })).toBe("Relaxed Fit");
    expect(defaultFit({ available_fits: [], default_fit: "Fitted" })).toBeNull();
  });
});

describe("truncateDescription", () => {
  it("leaves short text alone", () => {
    expect(truncateDescription("  Soft crepe.  ")).toEqual({ text: "Soft crepe.", truncated: false });
    expect(truncateDescription("x".repeat(220)).truncated).toBe(false);
  });

  it("cuts at the last whole word within 220 characters, with one '…' and no dangling punctuation", () => {
    expect(truncateDescription("y".repeat(221))).toEqual({ text: `${"y".repeat(220)}…`, truncated: true });
    expect(truncateDescription(`${"a".repeat(219)} tail`).text).toBe(`${"a".repeat(219)}…`);
    const prose = `${"word ".repeat(43)}London... and more`;
    const cut = truncateDescription(prose).text;
    expect(cut).toBe(`${"word ".repeat(43).trimEnd()}…`);
    expect(Array.from(cut).length).toBeLessThanOrEqual(221);
    expect(truncateDescription(`${"b".repeat(210)} tailored, lined`).text).toBe(`${"b".repeat(210)} tailored…`);
    // A word that ends exactly at the limit is kept whole.
    expect(truncateDescription(`${"c".repeat(220)} more`).text).toBe(`${"c".repeat(220)}…`);
  });
});

describe("colour dots and cards", () => {
  it("shows each colour once, up to the limit, and counts the rest", () => {
    const many = ["A", "B", "C", "D", "E", "F"].map((color) => variant(color, "M", 1));
    expect(colorDots(colorOptions([...many, ...many]), 4)).toMatchObject({
      shown: [{ name: "A" }, { name: "B" }, { name: "C" }, { name: "D" }],
      more: 2,
    });
    expect(colorDots(colorOptions(variants), 5)).toMatchObject({ shown: [{ name: "Sage" }, { name: "Ivory" }], more: 0 });
  });

  it("adds the first variant with stock from a card", () => {
    expect(firstVariantInStock(variants)?.size).toBe("L");
    expect(firstVariantInStock([variant("Noir", "M", 0)])).toBeNull();
  });

  it("strikes the original price only when higher", () => {
    expect(struckPrice({ current_price: 80, original_price: 100 })).toBe(100);
    expect(struckPrice({ current_price: 80, original_price: 80 })).toBeNull();
  });

  it("writes variant choices as URL parameters", () => {
    expect(variantSearch({ color: "Sage", size: "M", fit: "Relaxed Fit" })).toBe("?color=Sage&size=M&fit=Relaxed+Fit");
    expect(variantSearch({ color: null, size: null, fit: null })).toBe("");
  });
});
describe("toProductCard", () => {
  it("keeps what a card shows: its colours once each and whether a variant is in stock, not every variant", () => {
    const summary: ProductSummaryDto = {
      id: 7,
      token: "cHJvZF83X3h5eg",
      name: "Linen Abaya",
      slug: "linen-abaya",
      category_id: 2,
      category_name: "Abayas",
      collection: "Women",
      current_price: 120,
      original_price: 150,
      price: 120,
      main_image: "/images/products/abaya.svg",
      stock: 10,
      stock_status: "In Stock",
      sku: "MN-7",
      variants,
      average_rating: 4.5,
      review_count: 2,
      created_at: "2026-10-01T00:00:00.000Z",
    };
    const card = toProductCard(summary);
    expect(card.colours.map((colour) => colour.name)).toEqual(["Sage", "Ivory"]);
    expect(card.canQuickAdd).toBe(true);
    expect(toProductCard({ ...summary, variants: variants.map((v) => ({ ...v, stock: 0 })) }).canQuickAdd).toBe(false);
    expect(card).not.toHaveProperty("variants");
    expect(card).not.toHaveProperty("sku");
  });
});

describe("the product page's and the category tiles' data", () => {
  it("keeps of a product's detail what its page, meta and JSON-LD read, and of each variant its swatch, size, stock, price and id", () => {
    const detail = {
      ...productFixture(7, variants),
      description: "Silk.",
      images: [{ url: "/a.svg", alt: "a", color_name: "Sage" }],
      default_fit: "Fitted",
      fit_required: false,
      available_fits: fits("Fitted"),
      materials_care: "Hand wash.",
      delivery_returns: null,
      return_exchanges: null,
      contact_info: null,
      final_sale: false,
    };
    const view = toProductPageView(detail);
    expect(view).toMatchObject({
      id: 7,
      token: "token-7",
      sku: "P-7",
      description: "Silk.",
      materials_care: "Hand wash.",
      delivery_returns: null,
    });
    for (const field of ["slug", "category_id", "collection", "price", "stock_status", "created_at", "fit_required"]) {
      expect(view, field).not.toHaveProperty(field);
    }
    expect(view.variants[2]).toEqual({ id: variants[2]?.id, color_name: "Sage", color_code: "#000", size: "M", stock: 5, price: 110 });
  });

  it("keeps of a category its id, name and picture, the placeholder standing in for none", () => {
    const category = {
      id: 3,
      category_id: 3,
      name: "Abayas",
      category_name: "Abayas",
      collection: "Women",
      slug: "abayas",
      description: "Flowing.",
      image: "",
      image_url: "",
      status: "Active",
    };
    expect(toCategoryTile(category)).toEqual({ id: 3, name: "Abayas", image: PLACEHOLDER_IMAGE });
  });
});

describe("gallery", () => {
  const images = [
    { url: "/a.svg", alt: "a", color_name: null },
    { url: "/b.svg", alt: "b", color_name: "Ivory" },
    { url: "/c.svg", alt: "c", color_name: "Sage" },
  ];

  it("reads the 1-based img parameter with wrap-around", () => {
    expect(galleryIndex(images, "2", null)).toBe(1);
    expect(galleryIndex(images, "4", null)).toBe(0);
  });

  it("opens on the chosen colour's image when no img is given", () => {
    expect(galleryIndex(images, null, "Sage")).toBe(2);
    expect(galleryIndex(images, "nope", "Crimson")).toBe(0);
    expect(galleryIndex([], "3", null)).toBe(0);
  });

  it("wraps previous and next", () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
  });
});
