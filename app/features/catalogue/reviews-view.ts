import { REVIEW_SORTS, type ReviewSort } from "#contract/constants.ts";
import { REVIEWS_PARAM } from "../../lib/constants.ts";
import { numberParam, oneOfParam } from "../../lib/url-params.ts";

/** The reviews block's anchor: paging links land on it without JavaScript. */
export const REVIEWS_ANCHOR = "reviews";

export interface ReviewsView {
  sort: ReviewSort;
  page: number;
}

/** The list's sort and page from the page URL; anything unreadable falls back to the first page of the newest. */
export function reviewsView(params: URLSearchParams): ReviewsView {
  return {
    sort: oneOfParam(params.get(REVIEWS_PARAM.sort) ?? "", REVIEW_SORTS) ?? "newest",
    page: numberParam(params.get(REVIEWS_PARAM.page) ?? "", { min: 1, max: 1_000_000, integer: true }) ?? 1,
  };
}

/** The page URL's query with the review list moved to `view`, every other parameter (colour, size, fit) kept. */
export function reviewsSearch(params: URLSearchParams, view: ReviewsView): string {
  const next = new URLSearchParams(params);
  next.delete(REVIEWS_PARAM.sort);
  next.delete(REVIEWS_PARAM.page);
  if (view.sort !== "newest") next.set(REVIEWS_PARAM.sort, view.sort);
  if (view.page > 1) next.set(REVIEWS_PARAM.page, String(view.page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** Share of all reviews given with this many stars, as a whole percentage for the distribution bar. */
export const starShare = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

const REVIEW_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A review's date as the shop shows dates: en-US ("November 23, 2026"), the same on server and browser. */
export const reviewDate = (iso: string) => REVIEW_DATE.format(new Date(iso));
