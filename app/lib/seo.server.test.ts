import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./seo.server.ts";

const origin = "https://shop.example";

describe("sitemap and robots", () => {
  it("lists absolute, XML-escaped URLs with dates", () => {
    const xml = sitemapXml(origin, [{ path: "/products?category=A&B" }, { path: "/product/x", lastModified: "2026-11-20T10:00:00Z" }]);
    expect(xml).toContain("<loc>https://shop.example/products?category=A&amp;B</loc>");
    expect(xml).toContain("<loc>https://shop.example/product/x</loc><lastmod>2026-11-20</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("names the sitemap and keeps crawlers out of private pages", () => {
    const text = robotsTxt(origin);
    expect(text).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(text).toContain("Disallow: /checkout");
  });
});
