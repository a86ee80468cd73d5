import { MSG } from "#contract/messages.ts";

/**
 * The global loading overlay's text convention ('Loading...' or a custom text).
 * - A POST form or fetcher names its text in a hidden field: `<LoadingTextField text={MSG.loading.updatingCart} />`.
 *   A fetcher submission shows the overlay only when it carries this field, so background fetches stay silent.
 * - A link or GET form passes it in navigation state: `<Link to="/products" state={{ loadingText: MSG.loading.products }}>`.
 * - A page with a loading text of its own in the spec has it for every link to it (PAGE_LOADING_TEXTS).
 * Any other navigation that takes longer than TIMING_MS.loadingOverlayDelay shows MSG.loading.default.
 * Actions ignore the field (their zod schemas strip unknown keys).
 */
export const LOADING_TEXT_FIELD = "loadingText";

/** The custom text a submission or navigation asked for, if any. */
export function requestedLoadingText(formData: FormData | undefined, state: unknown): string | null {
  const field = formData?.get(LOADING_TEXT_FIELD);
  if (typeof field === "string" && field.trim()) return field;
  if (typeof state === "object" && state !== null && LOADING_TEXT_FIELD in state) {
    const text = (state as Record<string, unknown>)[LOADING_TEXT_FIELD];
    if (typeof text === "string" && text.trim()) return text;
  }
  return null;
}

/**
 * Pages with a loading text of their own, by path: whatever link leads there shows it. The wishlist's is the
 * spec's; the account pages first check the session with the API.
 */
const PAGE_LOADING_TEXTS: Readonly<Record<string, string>> = {
  "/wishlist": MSG.wishlist.loading,
  "/profile": MSG.loading.authenticating,
  "/checkout": MSG.loading.authenticating,
};

interface Activity {
  state: string;
  formData?: FormData;
  locationState?: unknown;
  /** The page a navigation goes to. */
  pathname?: string;
}

/**
 * What the overlay should say right now, or null when nothing it covers is in flight:
 * the page navigation first (custom text or the default), then any fetcher that asked for a text.
 */
export function overlayText(navigation: Activity, fetchers: readonly Activity[]): string | null {
  if (navigation.state !== "idle") {
    const pageText = navigation.formData ? undefined : PAGE_LOADING_TEXTS[navigation.pathname ?? ""];
    return requestedLoadingText(navigation.formData, navigation.locationState) ?? pageText ?? MSG.loading.default;
  }
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle") continue;
    const text = requestedLoadingText(fetcher.formData, undefined);
    if (text) return text;
  }
  return null;
}
