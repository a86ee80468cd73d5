import type { PromoType } from "./checkout.ts";
import { SHIPPING_METHOD } from "./constants.ts";

/**
 * The order's price rules, one implementation for the storefront's estimate and the server's charge.
 * Money is integer pence here.
 */

/** What pricing needs of a line: the product's price, the variant's extra over it, and how many. */
export interface PricedLine {
  basePricePence: number;
  extraPricePence: number;
  quantity: number;
}

export interface PriceSummary {
  totalItems: number;
  subtotalPence: number;
  extrasPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
}

/** total = subtotal + shipping (flat, when there is anything to ship) + variant extras − promo discount (never below the shipping). */
export function summarizePrices(lines: readonly PricedLine[], discountPence = 0): PriceSummary {
  const subtotalPence = lines.reduce((sum, line) => sum + line.basePricePence * line.quantity, 0);
  const extrasPence = lines.reduce((sum, line) => sum + line.extraPricePence * line.quantity, 0);
  const shippingPence = lines.length > 0 ? SHIPPING_METHOD.pricePence : 0;
  const discount = Math.min(Math.max(0, discountPence), subtotalPence + extrasPence);
  return {
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPence,
    extrasPence,
    shippingPence,
    discountPence: discount,
    totalPence: subtotalPence + extrasPence + shippingPence - discount,
  };
}

/** A promo's discount on a basket (goods with variant extras, without shipping): never more than the basket. */
export function promoDiscountPence(promo: { discount_type: PromoType; discount_value: number }, basketPence: number): number {
  const basket = Math.max(0, basketPence);
  const raw = promo.discount_type === "percentage" ? Math.round((basket * promo.discount_value) / 100) : promo.discount_value;
  return Math.min(Math.max(0, raw), basket);
}
