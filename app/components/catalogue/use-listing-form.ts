import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { LISTING_PATH } from "#app/lib/listing-path.ts";
import { listingHref } from "#app/lib/listing-url.ts";
import { type ListingQuery, parseListingQuery } from "#app/lib/schemas/listing.ts";
import { MSG } from "#contract/messages.ts";

export const LISTING_FORM_ID = "listing-form";
const TYPING_DEBOUNCE_MS = 300;

/** Navigation options of every in-place listing change: keep the scroll, say 'Loading products...'. */
export const LISTING_NAV = { preventScrollReset: true, state: { loadingText: MSG.loading.products } } as const;

/**
 * The listing's GET form, enhanced. Without JavaScript the form submits itself (Apply). With it, each change
 * navigates to the clean URL of the form's values (page dropped, so back to page 1) without a reload; typing
 * is debounced. `pendingQuery` is the query being loaded, so controls show the shopper's choice at once.
 */
export function useListingForm(query: ListingQuery) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const timer = useRef<number | undefined>(undefined);

  const pendingSearch = navigation.location?.pathname === LISTING_PATH ? navigation.location.search : null;
  const pendingQuery = pendingSearch === null ? query : parseListingQuery(new URLSearchParams(pendingSearch));
  const loading = pendingSearch !== null;

  const submitNow = useCallback(
    (adjust?: (params: URLSearchParams) => void, replace = false) => {
      window.clearTimeout(timer.current);
      const form = document.getElementById(LISTING_FORM_ID);
      if (!(form instanceof HTMLFormElement)) return;
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
      adjust?.(params);
      navigate(listingHref(parseListingQuery(params)), { ...LISTING_NAV, replace });
    },
    [navigate],
  );

  const submitSoon = useCallback(() => {
    window.clearTimeout(timer.current);
    // Typing replaces the history entry, so Back does not step through every keystroke.
    timer.current = window.setTimeout(() => submitNow(undefined, true), TYPING_DEBOUNCE_MS);
  }, [submitNow]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { pendingQuery, loading, submitNow, submitSoon };
}

/**
 * A typed field's own value, following the URL when it changes from elsewhere (a chip, clear all, back)
 * but never while the shopper is typing in it.
 */
export function useTypedValue(urlValue: string) {
  const [value, setValue] = useState(urlValue);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (document.activeElement !== ref.current) setValue(urlValue);
  }, [urlValue]);
  return { value, setValue, ref };
}
