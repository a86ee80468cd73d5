/**
 * Where the listing lives and the names of its URL parameters, apart from the URL helpers: the header, the
 * category links and the product page's breadcrumb need only these.
 */
export const LISTING_PATH = "/products";

export const LISTING_PARAM = {
  category: "category",
  color: "color",
  size: "size",
  stock: "stock_status",
  minPrice: "min_price",
  maxPrice: "max_price",
  search: "search",
  sort: "sort",
  page: "page",
} as const;

/** The listing narrowed to one category (what `listingHref` gives for that query alone). */
export function categoryHref(categoryName: string): string {
  return `${LISTING_PATH}?${new URLSearchParams({ [LISTING_PARAM.category]: categoryName })}`;
}

/**
 * The header's search link: the listing with its search box focused. A view flag, not part of the query, so it
 * never reaches the API and the listing's own forms drop it.
 */
const SEARCH_FOCUS_PARAM = "focus";
const SEARCH_FOCUS_VALUE = "search";
export const FOCUSED_SEARCH_HREF = `${LISTING_PATH}?${SEARCH_FOCUS_PARAM}=${SEARCH_FOCUS_VALUE}`;

/** Whether the URL asks for the focused search box; takes the flag out of `params` so the rest can be checked as a query. */
export function takeSearchFocus(params: URLSearchParams): boolean {
  if (params.get(SEARCH_FOCUS_PARAM) !== SEARCH_FOCUS_VALUE) return false;
  params.delete(SEARCH_FOCUS_PARAM);
  return true;
}
