import { DEFAULT_FIT, SIZES } from "#contract/constants.ts";
import type { ProductDetailDto, ProductImageDto, ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";
import { DESCRIPTION_TRUNCATE_AT } from "../../lib/constants.ts";
import { type ColorOption, colorOptions } from "./product-view.ts";

/**
 * Pure rules of the product page alone: variant selection from the URL, description truncation, gallery. Apart
 * from the card's rules (product-view.ts), which every catalogue page loads.
 */

const sizeRank = (size: string) => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/** A variant as the product page reads it: its swatch, size, stock, price and the id its form posts. */
export type DetailVariant = Pick<VariantDto, "id" | "color_name" | "color_code" | "size" | "stock" | "price">;

/**
 * A product as its page shows it, and its `meta` and JSON-LD read (the SKU): the page's data carries these fields
 * instead of the whole detail.
 */
export interface ProductPageView
  extends Pick<
    ProductDetailDto,
    | "id"
    | "token"
    | "name"
    | "sku"
    | "category_name"
    | "description"
    | "current_price"
    | "original_price"
    | "main_image"
    | "images"
    | "stock"
    | "average_rating"
    | "review_count"
    | "default_fit"
    | "available_fits"
    | "final_sale"
    | ProductAccordionField
  > {
  variants: DetailVariant[];
}

/** The product's own texts of the page's accordions (app/content/product.ts); null leaves the shop's wording. */
type ProductAccordionField = "materials_care" | "delivery_returns" | "return_exchanges" | "contact_info";

export function toProductPageView(product: ProductDetailDto): ProductPageView {
  return {
    id: product.id,
    token: product.token,
    name: product.name,
    sku: product.sku,
    category_name: product.category_name,
    description: product.description,
    current_price: product.current_price,
    original_price: product.original_price,
    main_image: product.main_image,
    images: product.images,
    stock: product.stock,
    average_rating: product.average_rating,
    review_count: product.review_count,
    default_fit: product.default_fit,
    available_fits: product.available_fits,
    final_sale: product.final_sale,
    materials_care: product.materials_care,
    delivery_returns: product.delivery_returns,
    return_exchanges: product.return_exchanges,
    contact_info: product.contact_info,
    variants: product.variants.map(({ id, color_name, color_code, size, stock, price }) => ({
      id,
      color_name,
      color_code,
      size,
      stock,
      price,
    })),
  };
}

export interface SizeOption {
  size: string;
  stock: number;
  variant: DetailVariant;
}

/** The sizes one colour comes in, smallest first. */
function sizesForColor(variants: readonly DetailVariant[], color: string): SizeOption[] {
  return variants
    .filter((variant) => variant.color_name === color)
    .map((variant) => ({ size: variant.size, stock: variant.stock, variant }))
    .sort((a, b) => sizeRank(a.size) - sizeRank(b.size));
}

function fitOptions(product: Pick<ProductDetailDto, "available_fits">): string[] {
  return [...new Set(product.available_fits.map((fit) => fit.value))];
}

/** The product's default fit when it is offered, else the first fit; 'Fitted' stands in for a missing default. */
export function defaultFit(product: Pick<ProductDetailDto, "available_fits" | "default_fit">): string | null {
  const fits = fitOptions(product);
  if (fits.length === 0) return null;
  const preferred = product.default_fit ?? DEFAULT_FIT.detail;
  return fits.includes(preferred) ? preferred : fits[0];
}

export interface VariantChoice {
  color: string | null;
  size: string | null;
  fit: string | null;
}

export interface VariantSelection extends VariantChoice {
  colors: ColorOption[];
  sizes: SizeOption[];
  fits: string[];
  /** The variant of the chosen colour and size, when both are chosen. */
  variant: DetailVariant | null;
  /** Units the shopper may add: the variant's stock, 0 without a variant. */
  available: number;
}

/** What a product offers to choose from. */
type VariantChoices = Pick<ProductPageView, "variants" | "available_fits" | "default_fit">;

/** The selection the page's query (`?color=…&size=…&fit=…`) asks for, made valid (see below). */
export function selectionFromSearch(product: VariantChoices, search: string) {
  const params = new URLSearchParams(search);
  return resolveVariantSelection(product, { color: params.get("color"), size: params.get("size"), fit: params.get("fit") });
}

/**
 * The selection a URL asks for, made valid: an unknown colour falls back to the first colour, an unknown
 * or sold-out size to the first size in stock for that colour, an unknown fit to the default fit.
 */
export function resolveVariantSelection(product: VariantChoices, requested: Partial<VariantChoice>): VariantSelection {
  const colors = colorOptions(product.variants);
  const color = colors.find((option) => option.name === requested.color)?.name ?? colors[0]?.name ?? null;
  const sizes = color === null ? [] : sizesForColor(product.variants, color);
  const inStock = sizes.filter((option) => option.stock > 0);
  const size = (inStock.find((option) => option.size === requested.size) ?? inStock[0])?.size ?? null;
  const fits = fitOptions(product);
  const fit = requested.fit && fits.includes(requested.fit) ? requested.fit : defaultFit(product);
  const variant = sizes.find((option) => option.size === size)?.variant ?? null;
  return { colors, sizes, fits, color, size, fit, variant, available: variant?.stock ?? 0 };
}

/** The detail URL for a choice; parameters equal to what would be pre-selected anyway still appear, so links are stable. */
export function variantSearch(choice: VariantChoice): string {
  const params = new URLSearchParams();
  if (choice.color) params.set("color", choice.color);
  if (choice.size) params.set("size", choice.size);
  if (choice.fit) params.set("fit", choice.fit);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The description cut to at most `limit` characters at the last whole word, trailing punctuation dropped and
 * one '…' added; `truncated` says whether 'See More....' is needed. A single word longer than the limit is cut inside.
 */
export function truncateDescription(text: string, limit = DESCRIPTION_TRUNCATE_AT): { text: string; truncated: boolean } {
  const characters = Array.from(text.trim());
  if (characters.length <= limit) return { text: characters.join(""), truncated: false };
  const cut = characters.slice(0, limit + 1).join("");
  const lastSpace = cut.search(/\s\S*$/);
  const words = lastSpace > 0 ? cut.slice(0, lastSpace) : characters.slice(0, limit).join("");
  return { text: `${words.replace(/[\s,.;:…-]+$/u, "")}…`, truncated: true };
}

/** The price the shopper pays for a variant (current plus extra), or the product's when none is chosen. */
export function unitPrice(product: Pick<ProductSummaryDto, "current_price">, variant: Pick<VariantDto, "price"> | null): number {
  return variant ? variant.price : product.current_price;
}

/** Gallery images: the product's images, else its main image, else the placeholder. */
export function galleryImages(product: Pick<ProductDetailDto, "images" | "main_image" | "name">): ProductImageDto[] {
  if (product.images.length > 0) return product.images;
  if (product.main_image) return [{ url: product.main_image, alt: product.name, color_name: null }];
  return [];
}

/**
 * The image to show (0-based): `?img=N` is 1-based and wraps; without it the first image of the
 * chosen colour, else the first.
 */
export function galleryIndex(images: readonly ProductImageDto[], imgParam: string | null, color: string | null): number {
  if (images.length === 0) return 0;
  const requested = imgParam === null ? Number.NaN : Number(imgParam);
  if (Number.isInteger(requested) && requested >= 1) return (requested - 1) % images.length;
  const ofColor = images.findIndex((image) => image.color_name !== null && image.color_name === color);
  return Math.max(0, ofColor);
}

/** Previous and next with wrap-around. */
export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}
