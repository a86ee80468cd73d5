import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import { recentlyViewedView, wishlistCardView } from "./engagement-view.ts";

describe("wishlistCardView", () => {
  const full = {
    id: 7,
    product_id: 7,
    product_name: "Silk Abaya",
    name: "Silk Abaya (alt)",
    image_url: "/images/silk.jpg",
    image: "/images/other.jpg",
    price: 120,
    original_price: 150,
    stock_status: "In Stock" as const,
    category_name: "Abayas",
    category: "Other",
    sku: "SKU-7",
    token: "cHJvZF83X2Fi",
  };

  it("reads the first spelling of each field and links to the product's token", () => {
    expect(wishlistCardView(full)).toEqual({
      productId: 7,
      href: "/product/cHJvZF83X2Fi",
      name: "Silk Abaya",
      image: "/images/silk.jpg",
      price: 120,
      originalPrice: 150,
      outOfStock: false,
      category: "Abayas",
      sku: "SKU-7",
    });
  });

  it("falls back to the second spelling, the placeholder image, 'N/A' and the numeric id", () => {
    const view = wishlistCardView({
      id: 9,
      name: "Linen Dress",
      image: "/images/linen.jpg",
      price: 45,
      category: "Dresses",
      stock_status: "Out of Stock",
    });
    expect(view).toMatchObject({ productId: 9, href: "/product/9", name: "Linen Dress", image: "/images/linen.jpg", category: "Dresses" });
    expect(view?.outOfStock).toBe(true);
    expect(view?.sku).toBeNull();
    expect(wishlistCardView({ id: 9, price: 45 })).toMatchObject({ image: PLACEHOLDER_IMAGE, category: "N/A" });
  });

  it("strikes the original price only when it is higher than the price", () => {
    expect(wishlistCardView({ ...full, original_price: 120 })?.originalPrice).toBeNull();
    expect(wishlistCardView({ ...full, original_price: 100 })?.originalPrice).toBeNull();
    expect(wishlistCardView({ ...full, original_price: null })?.originalPrice).toBeNull();
  });

  it("skips an entry without an id", () => {
    expect(wishlistCardView({ ...full, id: undefined })).toBeNull();
    expect(wishlistCardView({ ...full, id: 0 })).toBeNull();
  });
});

describe("recentlyViewedView", () => {
  it("reads either spelling and links to the product", () => {
    expect(recentlyViewedView({ id: 3, product_id: 3, product_name: "Coat", image_url: "/c.jpg", price: 80, token: "tok" })).toEqual({
      key: 3,
      href: "/product/tok",
      name: "Coat",
      image: "/c.jpg",
      price: 80,
    });
    expect(recentlyViewedView({ product_id: 4, name: "Set", price: 20 })).toEqual({
      key: 4,
      href: "/product/4",
      name: "Set",
      image: PLACEHOLDER_IMAGE,
      price: 20,
    });
    expect(recentlyViewedView({ name: "No id", price: 1 })).toBeNull();
  });
});
