import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { CategoryDto, ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";

/** Pure rules of the product cards every catalogue page shows: colour dots, quick add, links, prices, images. */

export interface ColorOption {
  name: string;
  code: string;
}

/** Each colour once, in variant order. */
export function colorOptions(variants: readonly Pick<VariantDto, "color_name" | "color_code">[]): ColorOption[] {
  const seen = new Map<string, ColorOption>();
  for (const variant of variants) {
    if (!seen.has(variant.color_name)) seen.set(variant.color_name, { name: variant.color_name, code: variant.color_code });
  }
  return [...seen.values()];
}

/** Up to `max` colour dots and how many colours did not fit. */
export function colorDots(colours: readonly ColorOption[], max: number): { shown: ColorOption[]; more: number } {
  return { shown: colours.slice(0, max), more: Math.max(0, colours.length - max) };
}

/** What the product page's add-to-cart form needs of a variant. */
export type CartVariant = Pick<VariantDto, "id" | "color_name" | "size" | "stock">;

/**
 * A product as a grid card shows it, and no more: the page's hydration data carries these fields instead of
 * every variant of every card.
 */
export interface ProductCardView
  extends Pick<
    ProductSummaryDto,
    "id" | "token" | "name" | "category_name" | "current_price" | "original_price" | "main_image" | "stock_status"
  > {
  /**
   * Whether a variant is in stock, which enables the card's quick add-to-cart. The button names only the product:
   * the cart action takes the first variant in stock from fresh stock (`variantForCard`).
   */
  canQuickAdd: boolean;
  colours: ColorOption[];
}

export function toProductCard(product: ProductSummaryDto): ProductCardView {
  return {
    id: product.id,
    token: product.token,
    name: product.name,
    category_name: product.category_name,
    current_price: product.current_price,
    original_price: product.original_price,
    main_image: product.main_image,
    stock_status: product.stock_status,
    canQuickAdd: firstVariantInStock(product.variants) !== null,
    colours: colorOptions(product.variants),
  };
}

/** The variant a card's quick add-to-cart uses: the first with stock, else none. */
export function firstVariantInStock(variants: readonly VariantDto[]): VariantDto | null {
  return variants.find((variant) => variant.stock > 0) ?? null;
}

/** A card's id in its grid, which its buttons and a sign-in from its heart send the shopper back to. */
export const cardAnchor = (grid: string, productId: number) => `${grid}-${productId}`;

export function productHref(product: Pick<ProductSummaryDto, "token">): string {
  return `/product/${product.token}`;
}

/** The original price is shown struck through only when it is higher than the current one. */
export function struckPrice(product: Pick<ProductSummaryDto, "current_price" | "original_price">): number | null {
  return product.original_price > product.current_price ? product.original_price : null;
}

export const imageOrPlaceholder = (url: string | null | undefined) => url || PLACEHOLDER_IMAGE;

/** A category as its tile shows it (the home page's teaser, the categories page): the page's data carries no more. */
export interface CategoryTileView extends Pick<CategoryDto, "id" | "name" | "image"> {}

export const toCategoryTile = ({ id, name, image }: CategoryDto): CategoryTileView => ({ id, name, image: imageOrPlaceholder(image) });
