import type { Insertable } from "kysely";
import { buildSearchText } from "#api/catalogue/search-text.ts";
import type { ProductsTable } from "#api/db/schema.ts";
import {
  CATEGORIES,
  COLOURS,
  CONTACT_INFO_TEXT,
  type ColourKey,
  DELIVERY_RETURNS_TEXT,
  FABRIC_CARE,
  type FitChoice,
  GARMENT_STORY,
  type Garment,
  PRODUCTS,
  RETURN_EXCHANGES_TEXT,
  SIZE_RANGES,
} from "./catalogue-data.ts";

/** Demo dates count back from here, so the seed is the same on every run. */
export const SEED_BASE_DATE = Date.UTC(2026, 10, 1, 10, 0, 0);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function productImageUrl(garment: Garment, colour: ColourKey): string {
  return `/images/products/${garment}-${slugify(COLOURS[colour].name)}.svg`;
}

/** Every colour the demo draws each garment in: exactly the artwork files that exist. */
export const COLOURS_BY_GARMENT = new Map<Garment, ColourKey[]>();
for (const product of PRODUCTS) {
  const colours = COLOURS_BY_GARMENT.get(product.garment) ?? [];
  for (const colour of product.colours) if (!colours.includes(colour)) colours.push(colour);
  COLOURS_BY_GARMENT.set(product.garment, colours);
}

export function categoryImageUrl(slug: string): string {
  return `/images/categories/${slug}.svg`;
}

/** A small deterministic generator (mulberry32): the same seed gives the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface ProductSpec {
  categoryId: number;
  categoryName: string;
  collection: string;
  name: string;
  sku: string;
  garment: Garment;
  description: string;
  pricePence: number;
  wasPence?: number;
  colours: readonly ColourKey[];
  sizes: readonly string[];
  fit?: FitChoice;
  texts: Pick<ProductsTable, "materials_care" | "delivery_returns" | "return_exchanges" | "contact_info">;
  createdAt: string;
  unitsSold: number;
  viewCount: number;
  /** Stock of the variant in the given colour and size (indexes into `colours` and `sizes`). */
  stock: (colourIndex: number, sizeIndex: number) => number;
}

export interface AssembledVariant {
  sku: string;
  color_name: string;
  color_code: string;
  color_image: string | null;
  size: string;
  stock: number;
  extra_price_pence: number;
}

/** A product with its children, ready to insert; ids are filled in by the writer. */
export interface AssembledProduct {
  /** size_mask is derived from the variants when the product is written. */
  row: Omit<Insertable<ProductsTable>, "size_mask">;
  variants: AssembledVariant[];
  images: { url: string; alt: string; color_name: string | null; position: number }[];
  fits: { value: string; position: number }[];
}

const XXL_EXTRA_PENCE = 500;
const PREMIUM_COLOUR_EXTRA_PENCE = 1_000;
const PREMIUM_COLOUR_FROM_PENCE = 10_000;

export function assembleProduct(spec: ProductSpec): AssembledProduct {
  const variants: AssembledVariant[] = [];
  spec.colours.forEach((key, colourIndex) => {
    const colour = COLOURS[key];
    const premium = "premium" in colour && spec.pricePence >= PREMIUM_COLOUR_FROM_PENCE;
    spec.sizes.forEach((size, sizeIndex) => {
      variants.push({
        sku: `${spec.sku}-${colour.code}-${size === "One Size" ? "OS" : size}`,
        color_name: colour.name,
        color_code: colour.hex,
        color_image: productImageUrl(spec.garment, key),
        size,
        stock: spec.stock(colourIndex, sizeIndex),
        extra_price_pence: (size === "XXL" ? XXL_EXTRA_PENCE : 0) + (premium ? PREMIUM_COLOUR_EXTRA_PENCE : 0),
      });
    });
  });
  const colourNames = spec.colours.map((key) => COLOURS[key].name);
  return {
    row: {
      category_id: spec.categoryId,
      name: spec.name,
      slug: slugify(spec.name),
      sku: spec.sku,
      description: spec.description,
      current_price_pence: spec.pricePence,
      original_price_pence: spec.wasPence ?? spec.pricePence,
      default_fit: spec.fit?.default ?? null,
      fit_required: spec.fit?.required ? 1 : 0,
      ...spec.texts,
      search_text: buildSearchText({
        category: spec.categoryName,
        collection: spec.collection,
        colors: colourNames,
        description: spec.description,
      }),
      stock_total: variants.reduce((sum, variant) => sum + variant.stock, 0),
      units_sold: spec.unitsSold,
      view_count: spec.viewCount,
      status: "Active",
      created_at: spec.createdAt,
      updated_at: spec.createdAt,
    },
    variants,
    images: spec.colours.map((key, position) => ({
      url: productImageUrl(spec.garment, key),
      alt: `${spec.name} in ${COLOURS[key].name}`,
      color_name: COLOURS[key].name,
      position,
    })),
    fits: (spec.fit?.options ?? []).map((value, position) => ({ value, position })),
  };
}

/** Creation time `daysAgo` days (plus a few hours) before the seed's base date. */
export function seedDate(daysAgo: number, hoursAgo = 0): string {
  return new Date(SEED_BASE_DATE - daysAgo * DAY_MS - hoursAgo * HOUR_MS).toISOString();
}

/** Stock 0–25 per variant with roughly one size in eight sold out. */
export function variantStock(random: () => number): number {
  return random() < 0.12 ? 0 : 1 + Math.floor(random() * 25);
}

const COLLECTION_CODE: Record<string, string> = { Women: "WMN", Kids: "KID", Abayas: "ABY", Mini: "MIN", Coords: "CRD" };

/** The demo products for the given category ids (by category name), in a stable order. */
export function buildDemoProducts(categoryIds: ReadonlyMap<string, number>): AssembledProduct[] {
  return PRODUCTS.map((product, index) => {
    const category = CATEGORIES.find((c) => c.name === product.category);
    const categoryId = categoryIds.get(product.category);
    if (!category || categoryId === undefined) throw new Error(`Unknown category ${product.category} of ${product.name}`);
    const random = seededRandom(1_000 + index);
    // Every fourth description stays short to exercise the "See More" truncation both ways.
    const description = index % 4 === 3 ? product.lead : `${product.lead} ${GARMENT_STORY[product.garment]}`;
    // Two products in three carry their own texts; the rest fall back to the storefront defaults.
    const hasTexts = index % 3 !== 2;
    const sizes = SIZE_RANGES[product.sizes];
    const stocks = product.colours.map(() => sizes.map(() => (product.soldOut ? 0 : variantStock(random))));
    if (!product.soldOut && stocks.flat().every((stock) => stock === 0)) stocks[0][0] = 3;
    const unitsSold = Math.floor(random() ** 2 * 420);
    return assembleProduct({
      categoryId,
      categoryName: category.name,
      collection: category.collection,
      name: product.name,
      sku: `MN-${COLLECTION_CODE[category.collection]}-${String(index + 1).padStart(3, "0")}`,
      garment: product.garment,
      description,
      pricePence: product.pricePence,
      wasPence: product.wasPence,
      colours: product.colours,
      sizes,
      fit: product.fit,
      texts: {
        materials_care: hasTexts ? FABRIC_CARE[product.fabric] : null,
        delivery_returns: hasTexts ? DELIVERY_RETURNS_TEXT : null,
        return_exchanges: hasTexts && index % 2 === 0 ? RETURN_EXCHANGES_TEXT : null,
        contact_info: hasTexts && index % 2 === 1 ? CONTACT_INFO_TEXT : null,
      },
      createdAt: seedDate((index * 41) % 180, (index * 7) % 24),
      unitsSold,
      viewCount: unitsSold * (8 + Math.floor(random() * 20)) + Math.floor(random() * 600),
      stock: (colourIndex, sizeIndex) => stocks[colourIndex][sizeIndex],
    });
  });
}
