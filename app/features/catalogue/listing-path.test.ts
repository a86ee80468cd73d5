import { describe, expect, it } from "vitest";
import { FOCUSED_SEARCH_HREF, takeSearchFocus } from "./listing-path.ts";

describe("takeSearchFocus", () => {
  it("reads the header search link's flag and leaves the query without it", () => {
    const params = new URL(FOCUSED_SEARCH_HREF, "http://shop.test").searchParams;
    params.append("search", "silk");
    expect(takeSearchFocus(params)).toBe(true);
    expect(params.toString()).toBe("search=silk");
  });

  it("leaves any other value in place, so the listing's clean-URL check still sees it", () => {
    const params = new URLSearchParams("focus=sort");
    expect(takeSearchFocus(params)).toBe(false);
    expect(params.toString()).toBe("focus=sort");
  });
});
