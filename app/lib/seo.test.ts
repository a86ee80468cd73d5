import { describe, expect, it } from "vitest";
import type { ProductDetailDto } from "#contract/dto/product.ts";
import { absoluteUrl, breadcrumbJsonLd, metaDescription, pageMeta, productJsonLd } from "./seo.ts";

const origin = "https://shop.example";

const product = {
  name: "Sage Silk Abaya",
  description: "Flowing silk.",
  sku: "AB-1",
  category_name: "Abayas",
  current_price: 120,
  stock: 3,
  average_rating: 0,
  review_count: 0,
  main_image: "/images/products/a.svg",
  images: [],
  variants: [
    {
      id: 1,
      product_id: 1,
      sku: "AB-1-S",
      color_name: "Sage",
      color_code: "#9aa",
      color_image: null,
      size: "S",
      stock: 0,
      extra_price: 0,
      price: 120,
    },
    {
      id: 2,
      product_id: 1,
      sku: "AB-1-L",
      color_name: "Sage",
      color_code: "#9aa",
      color_image: null,
      size: "L",
      stock: 3,
      extra_price: 5.5,
      price: 125.5,
    },
  ],
} satisfies Partial<ProductDetailDto>;

describe("pageMeta", () => {
  it("gives title, description, absolute canonical and Open Graph tags", () => {
    const tags = pageMeta({
      title: "All Products",
      description: "Browse.",
      origin,
      canonicalPath: "/products?category=Kids",
      image: "/images/hero/welcome.svg",
    });
    expect(tags).toContainEqual({ title: "All Products | Maison Noor" });
    expect(tags).toContainEqual({ name: "description", content: "Browse." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/products?category=Kids" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://shop.example/products?category=Kids" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.example/images/hero/welcome.svg" });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });

  it("marks pages that must not be indexed and carries JSON-LD blocks", () => {
    const block = breadcrumbJsonLd(origin, [{ name: "Homepage", path: "/" }]);
    const tags = pageMeta({ title: "Product not found", description: "x", origin, canonicalPath: "/", noindex: true, jsonLd: [block] });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ "script:ld+json": block });
  });
});

describe("JSON-LD", () => {
  it("describes a product with a GBP offer, availability and absolute URLs", () => {
    const data = productJsonLd(origin, product, "/product/abc");
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Sage Silk Abaya",
      sku: "AB-1",
      image: ["https://shop.example/images/products/a.svg"],
      offers: {
        "@type": "Offer",
        priceCurrency: "GBP",
        price: "120.00",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/product/abc",
      },
    });
  });

  it("adds an AggregateRating only when the product has reviews", () => {
    expect(productJsonLd(origin, product, "/product/abc")).not.toHaveProperty("aggregateRating");
    expect(productJsonLd(origin, { ...product, average_rating: 4.3, review_count: 7 }, "/product/abc")).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.3", reviewCount: 7, bestRating: 5, worstRating: 1 },
    });
  });

  it("says OutOfStock when no variant has stock", () => {
    const soldOut = { ...product, stock: 0, variants: product.variants.map((v) => ({ ...v, stock: 0 })) };
    expect(productJsonLd(origin, soldOut, "/product/abc")).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });
  });

  it("numbers breadcrumb positions from 1", () => {
    const data = breadcrumbJsonLd(origin, [
      { name: "Homepage", path: "/" },
      { name: "All Products", path: "/products" },
    ]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Homepage", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "All Products", item: "https://shop.example/products" },
    ]);
  });
});

describe("texts", () => {
  it("shortens descriptions at a word with an ellipsis", () => {
    expect(metaDescription("  short   text ")).toBe("short text");
    const long = metaDescription(`${"word ".repeat(60)}end`, 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("resolves paths against the origin", () => {
    expect(absoluteUrl(origin, "/a b")).toBe("https://shop.example/a%20b");
  });
});
