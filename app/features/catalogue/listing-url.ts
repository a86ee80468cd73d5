import { PRICE_PRESETS } from "../../lib/constants.ts";
import { LISTING_PARAM, LISTING_PATH } from "./listing-path.ts";
import { DEFAULT_SORT, EMPTY_LISTING_QUERY, type ListingQuery } from "./listing-schema.ts";

/**
 * Pure helpers that build listing URLs from a parsed query. Every change of filter, search or sort
 * goes back to page 1; only `withPage` moves between pages.
 */
type ListKey = "category" | "color" | "size" | "stock";

const LIST_PARAMS: Record<ListKey, string> = {
  category: LISTING_PARAM.category,
  color: LISTING_PARAM.color,
  size: LISTING_PARAM.size,
  stock: LISTING_PARAM.stock,
};

/** The query as URL parameters, in a stable order, defaults left out. */
export function listingSearchParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(LISTING_PARAM.search, query.search);
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) {
    for (const value of query[key]) params.append(LIST_PARAMS[key], value);
  }
  if (query.minPrice !== null) params.set(LISTING_PARAM.minPrice, String(query.minPrice));
  if (query.maxPrice !== null) params.set(LISTING_PARAM.maxPrice, String(query.maxPrice));
  if (query.sort !== DEFAULT_SORT) params.set(LISTING_PARAM.sort, query.sort);
  if (query.page > 1) params.set(LISTING_PARAM.page, String(query.page));
  return params;
}

export function listingHref(query: ListingQuery): string {
  const search = listingSearchParams(query).toString();
  return search ? `${LISTING_PATH}?${search}` : LISTING_PATH;
}

function firstPage(query: ListingQuery): ListingQuery {
  return { ...query, page: 1 };
}

export function toggleFilter(query: ListingQuery, key: ListKey, value: string): ListingQuery {
  const current: readonly string[] = query[key];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return firstPage({ ...query, [key]: next });
}

function withoutFilter(query: ListingQuery, key: ListKey, value: string): ListingQuery {
  const current: readonly string[] = query[key];
  return firstPage({ ...query, [key]: current.filter((item) => item !== value) });
}

export function withPriceRange(query: ListingQuery, minPrice: number | null, maxPrice: number | null): ListingQuery {
  return firstPage({ ...query, minPrice, maxPrice });
}

export function withSort(query: ListingQuery, sort: ListingQuery["sort"]): ListingQuery {
  return firstPage({ ...query, sort });
}

export function withSearch(query: ListingQuery, search: string): ListingQuery {
  return firstPage({ ...query, search: search.trim() });
}

export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page };
}

/** Clear all: every filter goes; the search words and the sort order stay. */
export function withoutFilters(query: ListingQuery): ListingQuery {
  return { ...EMPTY_LISTING_QUERY, search: query.search, sort: query.sort };
}

export function hasFilters(query: ListingQuery): boolean {
  return (
    query.category.length + query.color.length + query.size.length + query.stock.length > 0 ||
    query.minPrice !== null ||
    query.maxPrice !== null
  );
}

/** The preset whose bounds the query's price range equals, if any. */
export function activePricePreset(query: ListingQuery) {
  return PRICE_PRESETS.find((preset) => preset.min === query.minPrice && preset.max === query.maxPrice) ?? null;
}

/** '£50-£100', 'Under £50', 'Over £200', or the preset's own label when the range is one. */
function priceRangeLabel(minPrice: number | null, maxPrice: number | null): string {
  const preset = PRICE_PRESETS.find((item) => item.min === minPrice && item.max === maxPrice);
  if (preset) return preset.label;
  if (minPrice !== null && maxPrice !== null) return `£${minPrice}-£${maxPrice}`;
  if (minPrice !== null) return `From £${minPrice}`;
  return `Up to £${maxPrice}`;
}

export interface FilterChip {
  key: string;
  label: string;
  /** The listing without this one filter. */
  href: string;
}

/** One removable chip per applied filter, each linking to the URL without it (and on page 1). */
export function appliedFilterChips(query: ListingQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of Object.keys(LIST_PARAMS) as ListKey[]) {
    for (const value of query[key]) {
      chips.push({ key: `${key}:${value}`, label: value, href: listingHref(withoutFilter(query, key, value)) });
    }
  }
  if (query.minPrice !== null || query.maxPrice !== null) {
    chips.push({
      key: "price",
      label: priceRangeLabel(query.minPrice, query.maxPrice),
      href: listingHref(withPriceRange(query, null, null)),
    });
  }
  return chips;
}

/**
 * The canonical listing URL keeps what names a distinct page of the catalogue (category and page);
 * search words, sort order and facet filters are views of the same page.
 */
export function canonicalListingHref(query: ListingQuery): string {
  return listingHref({ ...EMPTY_LISTING_QUERY, category: [...query.category].sort(), page: query.page });
}

export type PageLink = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The numbered pages to show: always the first and last, the current one with `radius` neighbours,
 * and a gap where pages are skipped (a gap never hides a single page).
 */
export function pageLinks(current: number, totalPages: number, radius = 1): PageLink[] {
  const shown = new Set<number>();
  for (const page of [1, totalPages]) shown.add(page);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= totalPages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) links.push({ kind: "page", page: previous + 1 });
    else if (page - previous > 2) links.push({ kind: "gap", key: `gap-${previous}` });
    links.push({ kind: "page", page });
    previous = page;
  }
  return links;
}
