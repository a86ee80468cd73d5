import { useCallback, useEffect, useRef } from "react";
import { useNavigate, useNavigation } from "react-router";
import { LISTING_PATH } from "#app/features/catalogue/listing-path.ts";
import { type ListingQuery, parseListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { listingHref } from "#app/features/catalogue/listing-url.ts";
import { MSG } from "#contract/messages.ts";

export const LISTING_FORM_ID = "listing-form";
/** The results count and grid's heading, where the phone's filter panel sends the shopper. */
export const LISTING_RESULTS_ID = "listing-results";
const TYPING_DEBOUNCE_MS = 300;

/** Navigation options of every in-place listing change: keep the scroll, say 'Loading products...'. */
export const LISTING_NAV = { preventScrollReset: true, state: { loadingText: MSG.loading.products } } as const;

/** What the listing form's controls hold now, as URL parameters. */
function formParams(): URLSearchParams | null {
  const form = document.getElementById(LISTING_FORM_ID);
  if (!(form instanceof HTMLFormElement)) return null;
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return params;
}

/**
 * The listing's GET form, enhanced. Its controls are uncontrolled (`useUrlControl`), so nothing a shopper ticks,
 * picks or types before the page hydrates is lost: until then Apply submits the form as without JavaScript, and
 * a choice still waiting at hydration is applied then. Once hydrated, each change navigates to the clean URL of
 * the form's values (page dropped, so back to page 1) without a reload; typing is debounced. `pendingQuery` is
 * the query being loaded, for what shows the query beside the controls (the chips).
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
      const params = formParams();
      if (!params) return;
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

  // At hydration: a choice the shopper made while the scripts loaded is in the controls but not yet in the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later changes apply as they happen.
  useEffect(() => {
    const params = formParams();
    if (!params) return;
    // Page and colours have no control: they differ only once the shopper changes something.
    const held = { ...parseListingQuery(params), color: query.color, page: query.page };
    if (listingHref(held) !== listingHref(query)) submitNow();
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { pendingQuery, loading, submitNow, submitSoon };
}

/**
 * The ref of an uncontrolled control of the listing form (`defaultValue`/`defaultChecked` from the URL): the
 * browser keeps what the shopper does to it, before hydration too. When the URL's value changes from elsewhere
 * (a chip, clear all, a preset, back) the control is set to it, but never while the shopper is typing in it.
 */
export function useUrlControl<Control extends HTMLInputElement | HTMLSelectElement>(urlValue: string | boolean) {
  const ref = useRef<Control>(null);
  const shown = useRef(urlValue);
  useEffect(() => {
    const control = ref.current;
    if (!control || shown.current === urlValue) return;
    shown.current = urlValue;
    const typing = control === document.activeElement && control instanceof HTMLInputElement && control.type !== "checkbox";
    if (typing) return;
    if (typeof urlValue === "boolean" && control instanceof HTMLInputElement) control.checked = urlValue;
    else control.value = String(urlValue);
  }, [urlValue]);
  return ref;
}
