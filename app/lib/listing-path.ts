/** Where the listing lives, apart from its URL helpers: the site header links here on every page. */
export const LISTING_PATH = "/products";

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
