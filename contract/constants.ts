/** Constants the storefront and the API agree on: limits, lists and policies both sides apply. The one place each number lives. */
export const BASE_CURRENCY = "GBP";
/** How long a hosted checkout (Stripe) takes payment, holding the order's stock meanwhile: Stripe's shortest session. */
export const HOSTED_CHECKOUT_MINUTES = 30;

export const SHIPPING_METHOD = { id: 1, title: "Regular shipment", pricePence: 500 } as const;
/** Where the shop delivers: checkout takes UK addresses only. */
export const DELIVERY_COUNTRY = "the UK";
/**
 * The returns policy's numbers: days after delivery a piece may come back, business days to process a return
 * once it arrives, business days a bank then takes to show the refund.
 */
export const RETURN_POLICY_TERMS = { windowDays: 30, processingDays: "5-7", statementDays: "3-5" } as const;
/** Hours a shopper has to pay an exchange's price difference while its new size or colour is held for them. */
export const EXCHANGE_PAYMENT_HOURS = 48;

export const PAGE_SIZE = {
  listing: 12,
  trending: 4,
  latest: 8,
  recommendedOnDetail: 4,
  recommendedDefault: 8,
  homeCategoryTeaser: 4,
  reviewsOnDetail: 5,
  reviewsSummary: 1,
  /** MY ORDERS, and the API's default page of a shopper's orders. */
  orders: 10,
  /** The back office's order list. */
  adminOrders: 20,
  /** The back office's audit log, and `audit:list`'s default. */
  adminAudit: 25,
} as const;

export const LISTING_SORTS = ["newest", "price_low_high", "price_high_low", "name_a_z", "most_popular"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "One Size"] as const;
export const STOCK_STATUSES = ["In Stock", "Out of Stock"] as const;

export const RECENTLY_VIEWED_LIMIT = 3;
export const REVIEW_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Orders of these statuses have reached the shopper, so their items may be reviewed. */
export const REVIEWABLE_ORDER_STATUSES = ["delivered", "completed"] as const;
/** Review list orders; the first is the default. */
export const REVIEW_SORTS = ["newest", "oldest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A user is a shopper, or an operator who may also use the back office at /admin. */
export const USER_ROLES = ["shopper", "operator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
/** The shop's own pictures (api/db/seed/generate-images.ts draws them): the flagship's front and the directors. */
export const SHOP_IMAGES = {
  flagship: "/images/shop/flagship.svg",
  director: (name: string) => `/images/shop/director-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.svg`,
} as const;

export const OTP_LENGTH = 6;
/** One rule for every new password, at sign-up and at a reset (decision 0058). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * One-time codes (e-mail verification and password reset): lifetime, resend cooldown, and the tries a code takes
 * before it dies (a new one can always be asked for: decision 0053).
 */
export const OTP_POLICY = { ttlMs: 10 * 60 * 1000, resendCooldownMs: 60 * 1000, triesPerCode: 5 } as const;
/** A device token (the `__device` cookie) lives this long from the sign-in that issued it (decision 0053). */
export const DEVICE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Bearer tokens live this long; every login issues a new one. */
export const AUTH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** Contact form subjects; the first is the default. */
export const CONTACT_SUBJECTS = ["General Inquiry", "Product Return", "Product Exchange", "Custom Query"] as const;
/** Longest values the contact form takes (names share NAME_MAX). */
export const CONTACT_MAX = { phone: 30, orderNumber: 40, message: 5000 } as const;
export const ADDRESS_TYPES = ["Home", "Work", "Other"] as const;
export const CARD_NUMBER_DIGITS = { min: 13, max: 19 } as const;
export const CVV_DIGITS = { min: 3, max: 4 } as const;

export const COLLECTIONS = ["Women", "Kids", "Abayas", "Mini", "Coords"] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** PRODUCT_CATEGORY: the lookup header id whose values are product categories. */
export const PRODUCT_CATEGORY = 8;

/** Headers by which the storefront forwards the shopper to the API; trusted only in-process or with the shared secret. */
export const API_HEADERS = {
  clientIp: "x-shop-client-ip",
  userAgent: "x-shop-client-agent",
  internalSecret: "x-shop-internal-secret",
  /** The browser's device token, sent with a login; it is signed, so it is heard from any caller (decision 0053). */
  device: "x-shop-device",
} as const;

export const DEFAULT_FIT = { cart: "Standard Fit", detail: "Fitted" } as const;
export const CART_MAX_LINES = 30;
export const CART_MAX_QUANTITY = 999;

/** How long a caller waits for the API before giving up. */
export const API_TIMEOUT_MS = 30000;

/**
 * How long the API waits on PostgreSQL before a request fails with 503, so no request waits more than a few
 * seconds while the database is away. `connect`: opening a connection takes milliseconds on a reachable server,
 * and the same bound covers waiting for a free connection of a full pool. `statement`: the slowest statement the
 * shop runs (a catalogue search over 100,000 products) takes well under a second, so 5 s only ends statements
 * stuck behind a lock or a server that has stopped answering. `idleInTransaction`: the shop calls nothing
 * outside the database inside a transaction (the payment gateway is called before and after it), so a
 * transaction idle this long belongs to a process that froze, and its locks are released.
 */
export const DATABASE_WAIT_MS = { connect: 3_000, statement: 5_000, idleInTransaction: 10_000 } as const;
/** Connections per process in the PostgreSQL pool unless PG_POOL_MAX says otherwise. */
export const PG_POOL_MAX_DEFAULT = 10;

/**
 * How fresh the catalogue a shopper sees is (stock, prices, ratings): every process reads the catalogue
 * generation (a number every catalogue write raises in its own transaction) every `checkEveryMs`, and answers from
 * its kept reads and pages only while the generation it holds was read less than `trustForMs` ago. What the server
 * sends is then at most `trustForMs` behind the database, and a public page may be kept by browsers and caches in
 * front for the rest of `boundMs`, so a shopper sees a write within `boundMs` wherever they look.
 */
export const CATALOGUE_FRESHNESS = { boundMs: 5_000, checkEveryMs: 1_000, trustForMs: 2_000 } as const;

/**
 * The largest numbers operator commands and the back office take: far above any real shop's, far below where a number stops being a
 * whole one (SQLite would keep 1e20 as a REAL, and a total built from it could never return to the truth).
 */
export const OPERATOR_LIMITS = {
  /** A variant's stock (`stock:set`, `products:import`, the product page). */
  stock: 1_000_000,
  /** An amount in pounds: a price, a fixed discount, a minimum basket. */
  gbp: 100_000,
  /** A count: a promo code's uses in total or per customer, orders listed. */
  count: 1_000_000,
} as const;

/** The most days one orders export takes (the back office's form and `orders:export`): a year, leap day included. */
export const ORDERS_EXPORT_MAX_DAYS = 366;

/** The back office's lists and uploads. */
export const ADMIN_CATALOGUE = {
  /** Rows on one page of products, reviews or messages. */
  pageSize: 20,
  /** Characters of a product search. */
  searchMax: 100,
  /**
   * Bytes of a `products:import` file uploaded in the back office: the API's body limit, which the file travels
   * within. Larger catalogues go through the command.
   */
  importFileBytes: 60 * 1024,
} as const;
