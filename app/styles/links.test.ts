import { describe, expect, it } from "vitest";
import { shoppingPathSheets } from "./links.ts";

/** The links' kinds in order; the URLs themselves are the build's (tests/e2e/server.spec.ts reads them). */
const kinds = (areas: Parameters<typeof shoppingPathSheets>) =>
  shoppingPathSheets(...areas).map((link) => ("rel" in link ? [link.rel, link.as].filter(Boolean).join(":") : "page"));

describe("shoppingPathSheets", () => {
  it("links the page's own sheets first, then prefetches the shopping path's others as styles", () => {
    expect(kinds(["catalogue", "listing"])).toEqual(["stylesheet", "stylesheet", "prefetch:style", "prefetch:style"]);
    expect(kinds(["catalogue", "product"])).toEqual(["stylesheet", "stylesheet", "prefetch:style", "prefetch:style"]);
  });

  it("prefetches the whole path beside an area outside it", () => {
    expect(kinds(["catalogue", "home"])).toEqual(["stylesheet", "stylesheet", "prefetch:style", "prefetch:style", "prefetch:style"]);
    expect(kinds(["wishlist"])).toEqual(["stylesheet", ...Array(4).fill("prefetch:style")]);
  });
});
