/**
 * The largest numbers operator commands take: far above any real shop's, far below where a number stops being a
 * whole one (SQLite would keep 1e20 as a REAL, and a total built from it could never return to the truth).
 */
export const OPERATOR_LIMITS = {
  /** A variant's stock (`stock:set`, `products:import`). */
  stock: 1_000_000,
  /** An amount in pounds: a price, a fixed discount, a minimum basket. */
  gbp: 100_000,
  /** A count: a promo code's uses in total or per customer, orders listed. */
  count: 1_000_000,
} as const;
