import { firstVariantInStock } from "#app/features/catalogue/product-view.ts";
import { CART_MAX_LINES, PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";
import { toPence } from "#contract/money.ts";

/**
 * The cart's rules, pure and isomorphic: lines in, lines or a refusal out.
 * Money is integer pence here; screens convert to GBP numbers only to display them.
 */

/** One line as the cart keeps it: what the shopper chose, never what it costs (prices always come fresh from the API). */
export interface CartLine {
  productId: number;
  variantId: number;
  quantity: number;
  fit: string;
  /** The variant's colour and size when it was added, so a replaced variant can be found again. */
  color: string;
  size: string;
}

/** A line refreshed against the catalogue: what the cart page shows. */
export interface CartItem {
  id: string;
  productId: number;
  variantId: number;
  /** The product's URL token (`/product/{token}`). */
  token: string;
  name: string;
  image: string;
  basePricePence: number;
  extraPricePence: number;
  /** Base plus extra: the price of one. */
  unitPricePence: number;
  quantity: number;
  selectedColor: string;
  selectedSize: string;
  selectedFit: string;
  /** The variant's stock, shared by every line of that variant. */
  stock: number;
  /** The variant's lines together hold all of its stock: the plus button is off. */
  atMax: boolean;
}

export type CartRefusal = { reason: "stock"; available: number } | { reason: "belowOne" } | { reason: "full" } | { reason: "missing" };
export type CartChange = { ok: true; lines: CartLine[] } | ({ ok: false } & CartRefusal);

/**
 * An item's id is its product id plus its variant id. The fit is part of it too: the same
 * variant in two fits is two garments, so they stay two lines (and share the variant's stock).
 */
export function lineIdOf(line: Pick<CartLine, "productId" | "variantId" | "fit">): string {
  return `${line.productId}-${line.variantId}-${line.fit}`;
}

export function findLine(lines: readonly CartLine[], lineId: string): CartLine | undefined {
  return lines.find((line) => lineIdOf(line) === lineId);
}

/** The header badge: how many pieces, not how many lines. */
export function countItems(lines: readonly Pick<CartLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** How many of one variant the cart holds across its fits. */
function quantityOfVariant(lines: readonly CartLine[], variantId: number): number {
  return countItems(lines.filter((line) => line.variantId === variantId));
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The detail page's choice: the variant with this colour and size. */
export function variantByChoice(product: ProductSummaryDto, color: string, size: string): VariantDto | undefined {
  return product.variants.find((variant) => sameText(variant.color_name, color) && sameText(variant.size, size));
}

/**
 * A card's add: the card's quick add (the first in stock), else the first, whose stock check then refuses. A card
 * of this release names no variant; a page of an earlier one may still name one, which is kept.
 */
export function variantForCard(product: ProductSummaryDto, variantId?: number): VariantDto | undefined {
  if (variantId !== undefined) return product.variants.find((variant) => variant.id === variantId);
  return firstVariantInStock(product.variants) ?? product.variants[0];
}

/** A line's variant today: the same id, else (when the shop replaced it) the one with the same size and colour. */
export function rematchVariant(product: ProductSummaryDto, line: CartLine): VariantDto | undefined {
  return product.variants.find((variant) => variant.id === line.variantId) ?? variantByChoice(product, line.color, line.size);
}

/** Adds `line`, merging with a line of the same id; refused when the variant's lines would pass `stock`. */
export function addLine(lines: readonly CartLine[], line: CartLine, stock: number): CartChange {
  if (line.quantity + quantityOfVariant(lines, line.variantId) > stock) return { ok: false, reason: "stock", available: stock };
  const id = lineIdOf(line);
  const existing = findLine(lines, id);
  if (existing) {
    return { ok: true, lines: lines.map((kept) => (kept === existing ? { ...kept, quantity: kept.quantity + line.quantity } : kept)) };
  }
  if (lines.length >= CART_MAX_LINES) return { ok: false, reason: "full" };
  return { ok: true, lines: [...lines, line] };
}

/** Below 1 (removing is Remove's job) or above the variant's stock is refused and nothing changes. */
export function setLineQuantity(lines: readonly CartLine[], lineId: string, quantity: number, stock: number): CartChange {
  const line = findLine(lines, lineId);
  if (!line) return { ok: false, reason: "missing" };
  if (quantity < 1) return { ok: false, reason: "belowOne" };
  const otherFits = quantityOfVariant(lines, line.variantId) - line.quantity;
  if (otherFits + quantity > stock) return { ok: false, reason: "stock", available: stock };
  return { ok: true, lines: lines.map((kept) => (kept === line ? { ...kept, quantity } : kept)) };
}

export function removeLine(lines: readonly CartLine[], lineId: string): CartLine[] {
  return lines.filter((line) => lineIdOf(line) !== lineId);
}

export interface RefreshedCart {
  /** The lines as they should now be stored. */
  lines: CartLine[];
  items: CartItem[];
  /** Lines dropped because the product, its variant or its stock is gone. */
  removed: number;
  /** Lines whose quantity was cut to the stock left. */
  reduced: number;
}

/**
 * The cart refreshed against fresh product data (name, price, image, stock; variant
 * re-matched by size and colour). Lines of vanished or sold-out products go, quantities are cut to stock.
 */
export function refreshCart(lines: readonly CartLine[], products: readonly ProductSummaryDto[]): RefreshedCart {
  const productsById = new Map(products.map((product) => [product.id, product]));
  const placed = new Map<number, number>();
  const kept: { line: CartLine; product: ProductSummaryDto; variant: VariantDto }[] = [];
  let removed = 0;
  let reduced = 0;

  for (const line of lines) {
    const product = productsById.get(line.productId);
    const variant = product && rematchVariant(product, line);
    const left = variant ? variant.stock - (placed.get(variant.id) ?? 0) : 0;
    if (!product || !variant || left <= 0) {
      removed += 1;
      continue;
    }
    const quantity = Math.min(line.quantity, left);
    if (quantity < line.quantity) reduced += 1;
    placed.set(variant.id, (placed.get(variant.id) ?? 0) + quantity);
    const current: CartLine = { ...line, variantId: variant.id, color: variant.color_name, size: variant.size, quantity };
    // A re-matched line can land on the id of one already kept: they become one line.
    const twin = kept.find((entry) => lineIdOf(entry.line) === lineIdOf(current));
    if (twin) twin.line = { ...twin.line, quantity: twin.line.quantity + quantity };
    else kept.push({ line: current, product, variant });
  }

  const items = kept.map(({ line, product, variant }): CartItem => {
    const basePricePence = toPence(product.current_price);
    const extraPricePence = toPence(variant.extra_price);
    const unitPricePence = basePricePence + extraPricePence;
    return {
      id: lineIdOf(line),
      productId: product.id,
      variantId: variant.id,
      token: product.token,
      name: product.name,
      // The picture in the chosen colour when the shop has one.
      image: variant.color_image || product.main_image || PLACEHOLDER_IMAGE,
      basePricePence,
      extraPricePence,
      unitPricePence,
      quantity: line.quantity,
      selectedColor: variant.color_name,
      selectedSize: variant.size,
      selectedFit: line.fit,
      stock: variant.stock,
      atMax: (placed.get(variant.id) ?? 0) >= variant.stock,
    };
  });
  return { lines: kept.map((entry) => entry.line), items, removed, reduced };
}

/** The product page with this item's choices preselected. */
export function itemHref(item: Pick<CartItem, "token" | "selectedColor" | "selectedSize" | "selectedFit">): string {
  const choices = new URLSearchParams({ color: item.selectedColor, size: item.selectedSize, fit: item.selectedFit });
  return `/product/${item.token}?${choices}`;
}

/**
 * The quantity a line will have once a submitted cart form is through (optimistic display); null when the
 * form does not change it. Below 1 or above `stock` the server will refuse, so the current quantity stays.
 */
export function pendingQuantity(item: Pick<CartItem, "quantity" | "stock">, form: FormData): number | null {
  const intent = form.get("intent");
  const target =
    intent === "increment"
      ? item.quantity + 1
      : intent === "decrement"
        ? item.quantity - 1
        : intent === "remove"
          ? 0
          : intent === "set"
            ? Number(form.get("quantity"))
            : Number.NaN;
  if (!Number.isInteger(target)) return null;
  if (intent !== "remove" && (target < 1 || target > item.stock)) return item.quantity;
  return target;
}
