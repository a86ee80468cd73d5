/** Storefront-only constants: timings, layout and cookie limits the API never sees (shared ones live in #contract/constants.ts). */
import { API_TIMEOUT_MS, DEVICE_TOKEN_TTL_MS } from "#contract/constants.ts";
import { DELIVERY_TERMS } from "#contract/delivery.ts";

export const CURRENCY_COOKIE = "preferredCurrency";
/** Days each cookie of the shop lives in the browser: the cookies set them, the privacy policy states them. */
export const COOKIE_LIFETIME_DAYS = { session: 30, cart: 30, currency: 365, device: DEVICE_TOKEN_TTL_MS / (24 * 60 * 60 * 1000) } as const;
export const cookieMaxAgeSeconds = (days: number) => days * 24 * 60 * 60;
/** The storefront session: who is signed in, and the toasts of the next page. */
export const SESSION_COOKIE = "__session";
/** The browser's device token for the account last signed in on it (decision 0053). */
export const DEVICE_COOKIE = "__device";
/**
 * How long caches may reuse a page rendered for a visitor without a session or cart (seconds). The freshness bound,
 * less the server's own lag (its generation may be `trustForMs` old), is shared out: a shared cache in front keeps
 * the page fresh for `shared` seconds and may then answer it stale for `stale` more while it asks again, and the
 * browser keeps it `browser` seconds counted from when it got it (a proxy such as nginx sends no Age). So stock and
 * prices on such a page are never older than the bound wherever it is kept.
 */
export const SHARED_PAGE_SECONDS = { browser: 1, shared: 1, stale: 1 } as const;
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=${SHARED_PAGE_SECONDS.browser}, s-maxage=${SHARED_PAGE_SECONDS.shared}, stale-while-revalidate=${SHARED_PAGE_SECONDS.stale}`;
/** The bytes the server's page cache (`page-cache.server.ts`) may take per process for those pages. */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** Price presets of the listing filter, in whole pounds; null means open-ended. */
export const PRICE_PRESETS = [
  { label: "Under £50", min: null, max: 50 },
  { label: "£50-£100", min: 50, max: 100 },
  { label: "£100-£200", min: 100, max: 200 },
  { label: "Over £200", min: 200, max: null },
] as const;

export const RECENTLY_VIEWED_PLACEHOLDERS = 2;
export const DESCRIPTION_TRUNCATE_AT = 220;
/** The product page keeps its review list's sort and page in the URL, beside the variant selection. */
export const REVIEWS_PARAM = { sort: "reviews_sort", page: "reviews_page" } as const;
export const COLOR_DOTS = { listing: 4, recommended: 5 } as const;
export const CART_BADGE_CAP = 99;
/** The cart cookie: distinct lines it keeps (a browser cookie holds about 4 KB) and the most of one line a form may ask for (stock caps it lower). */
export const CART_COOKIE = "__cart";
export const TIMING_MS = {
  heroAutoAdvance: 5000,
  heroFade: 1000,
  carouselScroll: 300,
  topBarRotation: 3000,
  successFadeIn: 100,
  redirectAfterResetCodeSent: 1500,
  redirectAfterEmailVerified: 2000,
  apiTimeout: API_TIMEOUT_MS,
  /** The payment-checking page asks again this often by itself (a meta refresh, so also without JavaScript). */
  paymentRecheck: 5000,
  /** The global loading overlay waits this long before showing, so quick navigations do not flash it. */
  loadingOverlayDelay: 300,
} as const;

export const SWIPE_THRESHOLD_PX = 50;
/** Carousel visible-card breakpoints: at or above `minWidth`, `visible` cards show. */
export const CAROUSEL_BREAKPOINTS = [
  { minWidth: 1245, visible: 4 },
  { minWidth: 937, visible: 3 },
  { minWidth: 668, visible: 2 },
  { minWidth: 0, visible: 1 },
] as const;

export const TOAST_DURATION_MS = { success: 3000, error: 5000, info: 3000, warning: 4000, cart: 2000, wishlist: 2000 } as const;
export type ToastType = keyof typeof TOAST_DURATION_MS;

/**
 * The top bar's rotating promises. The delivery message says what checkout charges (contract/delivery.ts), never a
 * free delivery the shop does not give; the community message names a first-purchase saving only while one is live
 * (the percentage of the code the welcome e-mail sends, `GET /public/offers`), otherwise it promises none.
 */
export const TOP_BAR_MESSAGES = {
  arrivals: "EXCLUSIVE, MODEST AND LUXURY NEW ARRIVALS EVERY MONTH",
  delivery: DELIVERY_TERMS.topBar,
  firstPurchase: (percent: number) => `SAVE ${percent}% ON YOUR FIRST PURCHASE - JOIN OUR COMMUNITY TODAY`,
  community: "JOIN OUR COMMUNITY - NEW ARRIVALS FIRST, BY E-MAIL",
} as const;

/** The top bar's messages in rotation order, given the live first-purchase percentage (null: none is live). */
export function topBarMessages(firstPurchasePercent: number | null): string[] {
  return [
    TOP_BAR_MESSAGES.arrivals,
    TOP_BAR_MESSAGES.delivery,
    firstPurchasePercent === null ? TOP_BAR_MESSAGES.community : TOP_BAR_MESSAGES.firstPurchase(firstPurchasePercent),
  ];
}

export const VALUE_STRIP = [
  "Superior-Grade Fabric",
  "Made With Integrity",
  "Swift Delivery",
  "Secure Payment",
  "Inhouse Creation",
] as const;

/** The add-to-cart form's field with the token of the page that rendered it (app/forms/submission-once.server.ts). */
export const SUBMISSION_TOKEN_FIELD = "submissionToken";
