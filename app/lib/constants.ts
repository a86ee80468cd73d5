/** Business constants of spec section 9: the one place each number lives. */

export const BASE_CURRENCY = "GBP";
export const CURRENCY_COOKIE = "preferredCurrency";

export const SHIPPING_METHOD = { id: 1, title: "Regular shipment", pricePence: 500 } as const;

export const PAGE_SIZE = {
  listing: 12,
  trending: 4,
  latest: 8,
  recommendedOnDetail: 4,
  recommendedDefault: 8,
  homeCategoryTeaser: 4,
  reviewsOnDetail: 5,
  reviewsSummary: 1,
} as const;

export const LISTING_SORTS = ["newest", "price_low_high", "price_high_low", "name_a_z", "most_popular"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "One Size"] as const;
export const STOCK_STATUSES = ["In Stock", "Out of Stock"] as const;

/** Price presets of the listing filter, in whole pounds; null means open-ended. */
export const PRICE_PRESETS = [
  { label: "Under £50", min: null, max: 50 },
  { label: "£50-£100", min: 50, max: 100 },
  { label: "£100-£200", min: 100, max: 200 },
  { label: "Over £200", min: 200, max: null },
] as const;

export const RECENTLY_VIEWED_LIMIT = 3;
export const RECENTLY_VIEWED_PLACEHOLDERS = 2;
export const REVIEW_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const DESCRIPTION_TRUNCATE_AT = 220;
export const COLOR_DOTS = { listing: 4, recommended: 5 } as const;
export const CART_BADGE_CAP = 99;
export const DEFAULT_FIT = { cart: "Standard Fit", detail: "Fitted" } as const;
/** The cart cookie: distinct lines it keeps (a browser cookie holds about 4 KB) and the most of one line a form may ask for (stock caps it lower). */
export const CART_COOKIE = "__cart";
export const CART_MAX_LINES = 30;
export const CART_MAX_QUANTITY = 999;
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export const TIMING_MS = {
  heroAutoAdvance: 5000,
  heroFade: 1000,
  carouselScroll: 300,
  topBarRotation: 3000,
  successFadeIn: 100,
  detailWishlistDelay: 500,
  redirectAfterResetCodeSent: 1500,
  redirectAfterEmailVerified: 2000,
  apiTimeout: 30000,
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

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_RESET = 6;
export const PASSWORD_MIN_SIGNUP = 8;
export const PASSWORD_MAX = 128;

/** One-time codes (e-mail verification and password reset): lifetime, wrong tries before the code dies, resend cooldown. */
export const OTP_POLICY = { ttlMs: 10 * 60 * 1000, maxAttempts: 5, resendCooldownMs: 60 * 1000 } as const;
/** Bearer tokens live this long; every login issues a new one. */
export const AUTH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** Contact form subjects (spec section 3); the first is the default. */
export const CONTACT_SUBJECTS = ["General Inquiry", "Product Return", "Product Exchange", "Custom Query"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** Longest values the contact form takes (names share NAME_MAX). */
export const CONTACT_MAX = { phone: 30, orderNumber: 40, message: 5000 } as const;
export const ADDRESS_TYPES = ["Home", "Work", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const CARD_NUMBER_DIGITS = { min: 13, max: 19 } as const;
export const CVV_DIGITS = { min: 3, max: 4 } as const;

export const PAGE_MAX_WIDTH_PX = 1440;
export const PROFILE_SLIDER_MAX_WIDTH_PX = 500;

export const TOP_BAR_MESSAGES = [
  "EXCLUSIVE, MODEST AND LUXURY NEW ARRIVALS EVERY MONTH",
  "FREE DELIVERY ON ALL ORDERS IN UK - TERMS APPLY",
  "SAVE 10% ON YOUR FIRST PURCHASE - JOIN OUR COMMUNITY TODAY",
] as const;

export const VALUE_STRIP = [
  "Superior-Grade Fabric",
  "Made With Integrity",
  "Swift Delivery",
  "Secure Payment",
  "Inhouse Creation",
] as const;

export const COLLECTIONS = ["Women", "Kids", "Abayas", "Mini", "Coords"] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** Spec constant PRODUCT_CATEGORY: the lookup header id whose values are product categories. */
export const PRODUCT_CATEGORY = 8;

/** Headers by which the storefront forwards the shopper to the API; trusted only in-process or with the shared secret. */
export const API_HEADERS = {
  clientIp: "x-shop-client-ip",
  userAgent: "x-shop-client-agent",
  internalSecret: "x-shop-internal-secret",
} as const;
