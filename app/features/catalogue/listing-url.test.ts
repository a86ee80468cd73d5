import { describe, expect, it } from "vitest";
import { categoryHref } from "./listing-path.ts";
import { EMPTY_LISTING_QUERY, type ListingQuery, parseListingQuery, toProductsApiQuery } from "./listing-schema.ts";
import {
  activePricePreset,
  appliedFilterChips,
  canonicalListingHref,
  hasFilters,
  listingHref,
  pageLinks,
  toggleFilter,
  withoutFilters,
  withPage,
  withPriceRange,
  withSearch,
  withSort,
} from "./listing-url.ts";

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("parseListingQuery", () => {
  it("reads repeated filters, price, search, sort and page", () => {
    const query = parse(
      "category=Abayas&category=Kids&size=M&size=XL&stock_status=In+Stock&min_price=50&max_price=100&search=+silk+&sort=price_low_high&page=3",
    );
    expect(query).toEqual({
      category: ["Abayas", "Kids"],
      color: [],
      size: ["M", "XL"],
      stock: ["In Stock"],
      minPrice: 50,
      maxPrice: 100,
      search: "silk",
      sort: "price_low_high",
      page: 3,
    });
  });

  it("drops values that do not fit instead of failing", () => {
    const query = parse("size=XXXL&size=M&size=M&stock_status=Maybe&min_price=-4&max_price=abc&sort=random&page=0&search=");
    expect(query).toEqual({ ...EMPTY_LISTING_QUERY, size: ["M"] });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse(`category=${"x".repeat(101)}`).category).toEqual([]);
  });

  it("reads a comma-joined filter as its parts, like repeated parameters", () => {
    const joined = parse("category=Everyday%20Abayas%2COccasion%20Abayas&size=S,%20M&category=Occasion%20Abayas");
    expect(joined.category).toEqual(["Everyday Abayas", "Occasion Abayas"]);
    expect(joined.size).toEqual(["S", "M"]);
    expect(parse("category=%2C%2C").category).toEqual([]);
  });

  it("keeps only the lower bound of an impossible price range", () => {
    const query = parse("min_price=100&max_price=50");
    expect([query.minPrice, query.maxPrice]).toEqual([100, null]);
  });

  it("sends min and max only when set and no category for All", () => {
    const api = toProductsApiQuery(parse("size=S"), 12);
    expect(api.min_price).toBeUndefined();
    expect(api.max_price).toBeUndefined();
    expect(api.category).toEqual([]);
    expect(api).toMatchObject({ size: ["S"], sort: "newest", page: 1, limit: 12 });
    expect(toProductsApiQuery(parse("min_price=0"), 12).min_price).toBe(0);
  });
});

describe("listing URLs", () => {
  const onPage3: ListingQuery = { ...parse("category=Abayas&size=M&search=silk&sort=name_a_z"), page: 3 };

  it("round-trip through parse and leave defaults out", () => {
    expect(listingHref(EMPTY_LISTING_QUERY)).toBe("/products");
    expect(parse(new URL(listingHref(onPage3), "http://x").search)).toEqual(onPage3);
    expect(listingHref(onPage3)).toBe("/products?search=silk&category=Abayas&size=M&sort=name_a_z&page=3");
  });

  it("reset to page 1 on every filter, price, sort and search change", () => {
    for (const changed of [
      toggleFilter(onPage3, "size", "L"),
      toggleFilter(onPage3, "size", "M"),
      withPriceRange(onPage3, 50, 100),
      withSort(onPage3, "most_popular"),
      withSearch(onPage3, "linen"),
      withoutFilters(onPage3),
    ]) {
      expect(changed.page).toBe(1);
      expect(listingHref(changed)).not.toContain("page=");
    }
    expect(withPage(onPage3, 4).page).toBe(4);
  });

  it("toggles a filter value on and off", () => {
    const withL = toggleFilter(onPage3, "size", "L");
    expect(withL.size).toEqual(["M", "L"]);
    expect(toggleFilter(withL, "size", "M").size).toEqual(["L"]);
  });

  it("clear all keeps the search and the sort", () => {
    const cleared = withoutFilters(withPriceRange(onPage3, 10, 20));
    expect(hasFilters(cleared)).toBe(false);
    expect(listingHref(cleared)).toBe("/products?search=silk&sort=name_a_z");
  });

  it("builds the category link of the home teaser and category tiles", () => {
    expect(categoryHref("Abayas & Jilbabs")).toBe("/products?category=Abayas+%26+Jilbabs");
    expect(parse("category=Abayas+%26+Jilbabs").category).toEqual(["Abayas & Jilbabs"]);
  });

  it("gives one removable chip per filter, each linking to the URL without it", () => {
    const query = withPage(withPriceRange(parse("category=Kids&stock_status=In+Stock"), 50, 100), 2);
    const chips = appliedFilterChips(query);
    expect(chips.map((chip) => chip.label)).toEqual(["Kids", "In Stock", "£50-£100"]);
    expect(chips[0].href).toBe("/products?stock_status=In+Stock&min_price=50&max_price=100");
    expect(chips[2].href).toBe("/products?category=Kids&stock_status=In+Stock");
    expect(appliedFilterChips(withPriceRange(EMPTY_LISTING_QUERY, 30, null))[0].label).toBe("From £30");
  });

  it("recognises the price presets", () => {
    expect(activePricePreset(withPriceRange(EMPTY_LISTING_QUERY, null, 50))?.label).toBe("Under £50");
    expect(activePricePreset(withPriceRange(EMPTY_LISTING_QUERY, 200, null))?.label).toBe("Over £200");
    expect(activePricePreset(withPriceRange(EMPTY_LISTING_QUERY, 20, 50))).toBeNull();
  });

  it("keeps only category and page in the canonical URL", () => {
    expect(canonicalListingHref(onPage3)).toBe("/products?category=Abayas&page=3");
    expect(canonicalListingHref(parse("search=x&sort=name_a_z&size=M"))).toBe("/products");
  });
});

describe("pageLinks", () => {
  const render = (current: number, total: number) =>
    pageLinks(current, total)
      .map((link) => (link.kind === "page" ? String(link.page) : "…"))
      .join(" ");

  it("shows every page when there are few", () => {
    expect(render(1, 1)).toBe("1");
    expect(render(2, 5)).toBe("1 2 3 4 5");
  });

  it("collapses long runs into gaps but never hides a single page", () => {
    expect(render(1, 10)).toBe("1 2 … 10");
    expect(render(5, 10)).toBe("1 … 4 5 6 … 10");
    expect(render(4, 10)).toBe("1 2 3 4 5 … 10");
    expect(render(10, 10)).toBe("1 … 9 10");
  });
});
