import { z } from "zod";
import { buildSearchText } from "#api/catalogue/search-text.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { AssembledProduct } from "#api/db/seed/catalogue-builder.ts";
import { slugify } from "#api/db/seed/catalogue-builder.ts";
import { insertProducts } from "#api/db/seed/product-writer.ts";
import { OPERATOR_LIMITS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { toPence } from "#contract/money.ts";

/** The `products:import` file: `{ "products": [...] }`, documented in the README. Prices in GBP. */
const gbp = z.number().nonnegative().max(OPERATOR_LIMITS.gbp).multipleOf(0.01);
const sku = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_-]+$/, "SKU may hold letters, digits, - and _ only");
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = z.string().trim().max(2000).nullish();

/** Stands for the shop's own origin when a path is resolved: whatever the shop's address, a path stays on it. */
const SHOP_ORIGIN = "https://shop.invalid";
/**
 * An address a page may show as an image: `https://…`, or a path on the shop itself (`/images/…`); never
 * `javascript:`, `data:` or another scheme, nor a path that leaves the shop (`//host`, `/\host`).
 */
function isImageAddress(value: string): boolean {
  if (!URL.canParse(value, SHOP_ORIGIN)) return false;
  return value.startsWith("/") ? new URL(value, SHOP_ORIGIN).origin === SHOP_ORIGIN : /^https:\/\/./i.test(value);
}
const imageAddress = text(300).refine(isImageAddress, MSG.adminCatalogue.imageAddressInvalid);

const variantSchema = z.object({
  sku,
  color: text(40),
  colorCode: z.string().regex(/^#[0-9a-fA-F]{6}$/, "colorCode must look like #1a2b3c"),
  colorImage: imageAddress.nullish(),
  size: text(20),
  stock: z.number().int().min(0).max(OPERATOR_LIMITS.stock),
  extraPrice: gbp.default(0),
});

const productSchema = z
  .object({
    sku,
    name: text(120),
    category: text(60),
    description: text(5000),
    price: gbp,
    originalPrice: gbp.optional(),
    status: z.enum(["Active", "Inactive"]).default("Active"),
    fits: z.array(text(40)).max(10).default([]),
    defaultFit: text(40).optional(),
    fitRequired: z.boolean().default(false),
    /** Cannot be returned or exchanged. */
    finalSale: z.boolean().default(false),
    materialsCare: optionalText,
    deliveryReturns: optionalText,
    returnExchanges: optionalText,
    contactInfo: optionalText,
    images: z
      .array(z.object({ url: imageAddress, alt: z.string().trim().max(200).optional(), color: text(40).optional() }))
      .max(20)
      .default([]),
    variants: z.array(variantSchema).min(1).max(200),
  })
  .refine((product) => !product.defaultFit || product.fits.includes(product.defaultFit), {
    path: ["defaultFit"],
    message: "defaultFit must be one of fits",
  });

const productImportSchema = z.object({ products: z.array(productSchema).min(1).max(10_000) });

/**
 * The fields the catalogue checks read (SKUs, category, colour and size), taken from any file however malformed:
 * a field of the wrong type reads as absent, so those checks run beside the schema's instead of after it.
 */
const key = z.string().trim().optional().catch(undefined);
const catalogueKeysSchema = z
  .object({
    products: z
      .array(
        z
          .object({
            sku: key,
            category: key,
            variants: z.array(z.object({ sku: key, color: key, size: key }).catch({})).catch([]),
          })
          .catch({ variants: [] }),
      )
      .catch([]),
  })
  .catch({ products: [] });

export type ImportResult = { ok: true; imported: number } | { ok: false; errors: string[] };

/**
 * Validates the whole file against the schema, the catalogue's categories and every SKU already
 * used, then inserts all products in one transaction: all of them or none. `alsoInTransaction` runs in that
 * transaction after the inserts (the back office's audit entry), given the SKUs imported.
 */
export async function importProducts(
  db: Db,
  input: unknown,
  now: string,
  alsoInTransaction?: (trx: Queryable, skus: string[]) => Promise<void>,
): Promise<ImportResult> {
  const parsed = productImportSchema.safeParse(input);
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`);
  // The catalogue checks run on whatever the file holds, beside the field checks: every problem is listed at once.
  const { products: candidates } = catalogueKeysSchema.parse(input);
  const categories = await db.kysely.selectFrom("categories").select(["id", "name", "collection"]).execute();
  const categoryByName = new Map(categories.map((category) => [category.name.toLowerCase(), category]));
  const skus = candidates.flatMap((product, index) => [
    { sku: product.sku, where: `products.${index}.sku` },
    ...product.variants.map((variant, v) => ({ sku: variant.sku, where: `products.${index}.variants.${v}.sku` })),
  ]);
  const seen = new Set<string>();
  for (const { sku: value, where } of skus) {
    if (value === undefined) continue;
    if (seen.has(value)) errors.push(`${where}: SKU ${value} appears more than once in the file`);
    seen.add(value);
  }
  const taken = new Set([
    ...(await db.kysely.selectFrom("products").select("sku").execute()).map((row) => row.sku),
    ...(await db.kysely.selectFrom("product_variants").select("sku").execute()).map((row) => row.sku),
  ]);
  for (const { sku: value, where } of skus)
    if (value !== undefined && taken.has(value)) errors.push(`${where}: SKU ${value} is already in the catalogue`);
  candidates.forEach((product, index) => {
    if (product.category !== undefined && !categoryByName.has(product.category.toLowerCase()))
      errors.push(`products.${index}.category: no category named "${product.category}"`);
    const pairs = product.variants.flatMap(({ color, size }) =>
      color === undefined || size === undefined ? [] : [`${color.toLowerCase()}|${size.toLowerCase()}`],
    );
    if (new Set(pairs).size !== pairs.length) errors.push(`products.${index}.variants: each colour and size pair may appear once`);
  });
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const { products } = parsed.data;

  const assembled = products.map((product): AssembledProduct => {
    const category = categoryByName.get(product.category.toLowerCase()) as (typeof categories)[number];
    const stockTotal = product.variants.reduce((sum, variant) => sum + variant.stock, 0);
    return {
      row: {
        category_id: category.id,
        name: product.name,
        slug: slugify(product.name),
        sku: product.sku,
        description: product.description,
        current_price_pence: toPence(product.price),
        original_price_pence: toPence(product.originalPrice ?? product.price),
        default_fit: product.defaultFit ?? product.fits[0] ?? null,
        fit_required: product.fitRequired ? 1 : 0,
        final_sale: product.finalSale ? 1 : 0,
        materials_care: product.materialsCare ?? null,
        delivery_returns: product.deliveryReturns ?? null,
        return_exchanges: product.returnExchanges ?? null,
        contact_info: product.contactInfo ?? null,
        search_text: buildSearchText({
          category: category.name,
          collection: category.collection,
          colors: product.variants.map((variant) => variant.color),
          description: product.description,
        }),
        stock_total: stockTotal,
        status: product.status,
        created_at: now,
        updated_at: now,
      },
      variants: product.variants.map((variant) => ({
        sku: variant.sku,
        color_name: variant.color,
        color_code: variant.colorCode,
        color_image: variant.colorImage ?? null,
        size: variant.size,
        stock: variant.stock,
        extra_price_pence: toPence(variant.extraPrice),
      })),
      images: product.images.map((image, position) => ({
        url: image.url,
        alt: image.alt ?? product.name,
        color_name: image.color ?? null,
        position,
      })),
      fits: product.fits.map((value, position) => ({ value, position })),
    };
  });
  // Two imports at once count their products into the same kept rows in their own orders: the loser runs again.
  await transactionWithRetry(db, async (trx) => {
    await insertProducts(trx, assembled);
    await alsoInTransaction?.(
      trx,
      assembled.map((product) => product.row.sku),
    );
  });
  return { ok: true, imported: assembled.length };
}
