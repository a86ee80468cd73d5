import { describe, expect, it } from "vitest";
import { pageRange } from "./page-range.ts";

describe("pageRange", () => {
  it("counts from the page's first row to its last, and is null for an empty page", () => {
    expect(pageRange({ page: 1, limit: 10, total: 23 }, 10)).toEqual({ from: 1, to: 10, total: 23 });
    expect(pageRange({ page: 3, limit: 10, total: 23 }, 3)).toEqual({ from: 21, to: 23, total: 23 });
    expect(pageRange({ page: 4, limit: 10, total: 23 }, 0)).toBeNull();
  });
});
