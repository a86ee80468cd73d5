import { MSG } from "#contract/messages.ts";
import { type PriceSummary, summarizePrices } from "#contract/pricing.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import type { AppliedPromo } from "../checkout/checkout.ts";
import { type CartState, fetchCartProducts, readCartState, serializeCartState } from "./cart.server.ts";
import { type CartItem, type CartLine, refreshCart } from "./cart.ts";
import { checkPromo } from "./promo.server.ts";

export interface PricedCart {
  /** The catalogue could not be asked: nothing below is priced. */
  failed: boolean;
  lines: CartLine[];
  items: CartItem[];
  summary: PriceSummary;
  promo: AppliedPromo | null;
  /** The saving of a code just applied, to congratulate on once. */
  celebrate: string | null;
  notices: string[];
  /** The cart cookie to set when what it holds changed. */
  headers: Headers;
}

const sameState = (a: CartState, b: CartState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The cart as a page prices it: lines refreshed against the catalogue, and the stored promo code re-validated
 * against this basket (forgotten, with a notice, once it no longer applies). What changed is stored back; the
 * one-time congratulation is consumed.
 */
export async function loadPricedCart(request: Request, api: ApiClient, token: string | null): Promise<PricedCart> {
  const headers = new Headers();
  const stored = await readCartState(request);
  const products = await fetchCartProducts(
    api,
    stored.lines.map((line) => line.productId),
  );
  if (!products) {
    return {
      failed: true,
      lines: stored.lines,
      items: [],
      summary: summarizePrices([]),
      promo: null,
      celebrate: null,
      notices: [],
      headers,
    };
  }

  const cart = refreshCart(stored.lines, products);
  const notices: string[] = [];
  if (cart.removed > 0) notices.push(MSG.cart.linesRemoved);
  if (cart.reduced > 0) notices.push(MSG.cart.quantitiesReduced);

  let promo: AppliedPromo | null = null;
  let promoCode = stored.promoCode;
  const goods = summarizePrices(cart.items);
  if (promoCode && cart.items.length > 0) {
    const check = await checkPromo(api, promoCode, goods.subtotalPence + goods.extrasPence, token);
    if (check.ok) promo = check.promo;
    else {
      notices.push(`${promoCode}: ${check.message}`);
      promoCode = null;
    }
  }

  const next: CartState = { lines: cart.lines, promoCode, celebrate: null };
  if (!sameState(next, stored)) {
    const cookie = await serializeCartState(request, next);
    if (cookie) headers.append("Set-Cookie", cookie);
  }
  return {
    failed: false,
    lines: cart.lines,
    items: cart.items,
    summary: summarizePrices(cart.items, promo?.discountPence ?? 0),
    promo,
    celebrate: promo ? stored.celebrate : null,
    notices,
    headers,
  };
}
