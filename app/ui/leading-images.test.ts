import type { DataStrategyResult } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

const preload = vi.hoisted(() => vi.fn());
vi.mock("react-dom", () => ({ preload }));
const { preloadLeadingImages } = await import("./leading-images.ts");

describe("preloadLeadingImages", () => {
  beforeEach(() => preload.mockClear());

  it("starts every picture a page's data names as leading, at high priority, and nothing else", () => {
    const results: Record<string, DataStrategyResult> = {
      root: { type: "data", result: { cartCount: 0 } },
      "routes/products": { type: "data", result: { page: {}, leadingImages: ["/images/a.svg", "/images/b.svg"] } },
      "routes/product.$id": { type: "error", result: new Error("away") },
    };
    preloadLeadingImages(results);
    expect(preload.mock.calls).toEqual([
      ["/images/a.svg", { as: "image", fetchPriority: "high" }],
      ["/images/b.svg", { as: "image", fetchPriority: "high" }],
    ]);
  });

  it("reads no field of data that is not an object", () => {
    preloadLeadingImages({ a: { type: "data", result: null }, b: { type: "data", result: "text" } });
    expect(preload).not.toHaveBeenCalled();
  });
});
