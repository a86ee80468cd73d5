import { memo, useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { LISTING_PARAM, LISTING_PATH } from "#app/features/catalogue/listing-path.ts";
import type { ListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { listingHref, withSearch } from "#app/features/catalogue/listing-url.ts";
import { Icon } from "#app/ui/icons.tsx";
import { LISTING_SORTS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { LISTING_FORM_ID, LISTING_NAV, useUrlControl } from "./use-listing-form.ts";

interface ListingToolbarProps {
  query: ListingQuery;
  /** The header's search link led here: the search box takes the focus. */
  focusSearch: boolean;
  submitNow: () => void;
  submitSoon: () => void;
}

/**
 * The listing GET form itself: search (with a clear link) and sort. The filter panel's controls join it
 * through the `form` attribute. Submitting it drops `page`, so any change starts again at page 1. Memoised, as
 * the filter panel is.
 */
export const ListingToolbar = memo(function ListingToolbar({ query, focusSearch, submitNow, submitSoon }: ListingToolbarProps) {
  const enhanced = useHydrated();
  const search = useUrlControl<HTMLInputElement>(query.search);
  const sort = useUrlControl<HTMLSelectElement>(query.sort);
  const { key: visit } = useLocation();
  // `autoFocus` covers the first page load (the attribute) and mounting; this covers following the link again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the link (a new location key) focuses again.
  useEffect(() => {
    if (focusSearch) search.current?.focus();
  }, [focusSearch, visit]);
  return (
    <Form
      id={LISTING_FORM_ID}
      method="get"
      action={LISTING_PATH}
      className="listing-toolbar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submitNow();
      }}
    >
      <div className="search-box">
        <Icon name="search" className="search-box__icon" />
        <label htmlFor="listing-search" className="visually-hidden">
          {MSG.catalogue.searchPlaceholder}
        </label>
        <input
          ref={search}
          id="listing-search"
          className="search-box__input"
          type="search"
          name={LISTING_PARAM.search}
          defaultValue={query.search}
          placeholder={MSG.catalogue.searchPlaceholder}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: only when the shopper followed the header's Search link, which asks for this box.
          autoFocus={focusSearch}
          maxLength={100}
          onChange={submitSoon}
        />
        {query.search ? (
          <Link to={listingHref(withSearch(query, ""))} className="search-box__clear" {...LISTING_NAV}>
            <Icon name="close" />
            <span className="visually-hidden">{MSG.catalogue.clearSearch}</span>
          </Link>
        ) : null}
      </div>
      <div className="sort-box">
        <label htmlFor="listing-sort" className="visually-hidden">
          {MSG.catalogue.sortBy}
        </label>
        <select
          ref={sort}
          id="listing-sort"
          className="input input--select sort-box__select"
          name={LISTING_PARAM.sort}
          defaultValue={query.sort}
          onChange={() => submitNow()}
        >
          {LISTING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {MSG.catalogue.sortLabels[sort]}
            </option>
          ))}
        </select>
        {enhanced ? null : (
          <button type="submit" className="button button--outline sort-box__apply">
            {MSG.catalogue.applyFilters}
          </button>
        )}
      </div>
    </Form>
  );
});
