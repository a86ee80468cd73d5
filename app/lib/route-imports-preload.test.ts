import type { UNSAFE_AssetsManifest as AssetsManifest } from "react-router";
import { describe, expect, it } from "vitest";
import { chunksToPreload } from "./route-imports-preload.ts";

const manifest = {
  routes: {
    "routes/product.$id": {
      id: "routes/product.$id",
      module: "/assets/product.js",
      imports: ["/assets/framework.js", "/assets/page-range.js"],
    },
    "routes/about": { id: "routes/about", module: "/assets/about.js" },
  },
} as unknown as AssetsManifest;

describe("chunksToPreload", () => {
  it("names the chunks a route's module imports while the module is not loaded", () => {
    expect(chunksToPreload("routes/product.$id", manifest, {})).toEqual(["/assets/framework.js", "/assets/page-range.js"]);
  });

  it("names none once the module is loaded: its imports came with it", () => {
    expect(chunksToPreload("routes/product.$id", manifest, { "routes/product.$id": {} })).toEqual([]);
  });

  it("names none for a route that imports nothing, or that the manifest does not know", () => {
    expect(chunksToPreload("routes/about", manifest, {})).toEqual([]);
    expect(chunksToPreload("routes/unknown", manifest, {})).toEqual([]);
    expect(chunksToPreload("routes/product.$id", undefined, undefined)).toEqual([]);
  });
});
