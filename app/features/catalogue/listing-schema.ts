import { LISTING_SORTS, type ListingSort, SIZES, STOCK_STATUSES } from "#contract/constants.ts";
import { numberParam, oneOfParam, textParam } from "../../lib/url-params.ts";
import { LISTING_PARAM } from "./listing-path.ts";

/**
 * The product listing's view state as it lives in the URL (`/products?category=Abayas&size=M&sort=...`).
 * Multi-valued filters are repeated parameters (what a GET form with checkboxes sends). Parsing never
 * fails: a value that does not fit is dropped, so a hand-edited URL shows the listing, never an error.
 */
export const DEFAULT_SORT: ListingSort = "newest";
const MAX_TEXT = 100;
const MAX_VALUES = 20;

export type Size = (typeof SIZES)[number];
export type StockFilter = (typeof STOCK_STATUSES)[number];

export interface ListingQuery {
  category: string[];
  color: string[];
  size: Size[];
  stock: StockFilter[];
  minPrice: number | null;
  maxPrice: number | null;
  search: string;
  sort: ListingSort;
  page: number;
}

export const EMPTY_LISTING_QUERY: ListingQuery = {
  category: [],
  color: [],
  size: [],
  stock: [],
  minPrice: null,
  maxPrice: null,
  search: "",
  sort: DEFAULT_SORT,
  page: 1,
};

const text = (value: string) => textParam(value, MAX_TEXT);
const colour = (value: string) => textParam(value, 50);
const price = (value: string) => numberParam(value, { min: 0, max: 1_000_000 });
const page = (value: string) => numberParam(value, { min: 1, max: 10_000, integer: true });
const sort = (value: string) => oneOfParam(value, LISTING_SORTS);
const size = (value: string) => oneOfParam(value, SIZES);
const stock = (value: string) => oneOfParam(value, STOCK_STATUSES);

/**
 * Each value `read` accepts, once, in URL order. A comma-joined value (`category=A%2CB`, as the API
 * itself takes lists) counts as its parts, like `category=A&category=B`.
 */
function validValues<T>(values: string[], read: (value: string) => T | null): T[] {
  const kept: T[] = [];
  const parts = values.flatMap((value) => value.split(",")).map((value) => value.trim());
  for (const value of parts.slice(0, MAX_VALUES)) {
    const parsed = read(value);
    if (parsed !== null && !kept.includes(parsed)) kept.push(parsed);
  }
  return kept;
}

function validValue<T>(value: string | null, read: (value: string) => T | null): T | null {
  if (value === null || value.trim() === "") return null;
  return read(value);
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const minPrice = validValue(params.get(LISTING_PARAM.minPrice), price);
  let maxPrice = validValue(params.get(LISTING_PARAM.maxPrice), price);
  // A range that cannot match anything keeps its lower bound only.
  if (minPrice !== null && maxPrice !== null && maxPrice < minPrice) maxPrice = null;
  return {
    category: validValues(params.getAll(LISTING_PARAM.category), text),
    color: validValues(params.getAll(LISTING_PARAM.color), colour),
    size: validValues(params.getAll(LISTING_PARAM.size), size),
    stock: validValues(params.getAll(LISTING_PARAM.stock), stock),
    minPrice,
    maxPrice,
    search: validValue(params.get(LISTING_PARAM.search), text) ?? "",
    sort: validValue(params.get(LISTING_PARAM.sort), sort) ?? DEFAULT_SORT,
    page: validValue(params.get(LISTING_PARAM.page), page) ?? 1,
  };
}

/** The query of `GET /public/products`: lists comma-joined by the client, unset values left out. */
export function toProductsApiQuery(query: ListingQuery, limit: number) {
  return {
    category: query.category,
    color: query.color,
    size: query.size,
    stock_status: query.stock,
    min_price: query.minPrice ?? undefined,
    max_price: query.maxPrice ?? undefined,
    search: query.search || undefined,
    sort: query.sort,
    page: query.page,
    limit,
  };
}
