import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/products?page=2")).toBe("/products?page=2");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("percent-encodes characters a Location header cannot hold", () => {
    expect(safeRedirectPath("/\u0100")).toBe("/%C4%80");
    expect(safeRedirectPath("/products?search=café")).toBe("/products?search=caf%C3%A9");
    expect(safeRedirectPath("/\uD800")).toBe("/%EF%BF%BD");
  });

  it.each([
    ["an absolute URL", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash trick", "/\\evil.example"],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a relative path", "products"],
    ["an empty value", ""],
    ["a missing value", null],
  ])("replaces %s with the fallback", (_case, value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(safeRedirectPath(value, "/cart")).toBe("/cart");
  });
});
