import type { Db } from "#api/db/connect.ts";
import { importProducts } from "#api/operator/product-import.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import { buildSearchText } from "./search-text.ts";
import { sizeMask } from "./size-mask.ts";

/** Small deterministic catalogue rows for API tests (the demo seed is for people, not assertions). */

export interface VariantSpec {
  color: string;
  size: string;
  stock: number;
  extraPence?: number;
}

export interface ProductSpec {
  name: string;
  categoryId: number;
  pricePence: number;
  originalPricePence?: number;
  description?: string;
  variants?: VariantSpec[];
  images?: string[];
  fits?: string[];
  status?: "Active" | "Inactive";
  createdAt?: string;
  unitsSold?: number;
  viewCount?: number;
}

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

export async function insertCategory(db: Db, name: string, collection = name): Promise<number> {
  const row = await db.kysely
    .insertInto("categories")
    .values({
      name,
      slug: unique(name.toLowerCase()),
      collection,
      description: `${name} collection`,
      image_url: `/images/${serial}.jpg`,
      status: "Active",
      sort_order: serial,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a product with its variants, images and fits; stock_total, size_mask and search_text derived as the schema defines them. */
export async function insertProduct(db: Db, spec: ProductSpec): Promise<number> {
  const category = await db.kysely
    .selectFrom("categories")
    .select(["name", "collection"])
    .where("id", "=", spec.categoryId)
    .executeTakeFirstOrThrow();
  const variants = spec.variants ?? [];
  const description = spec.description ?? "Soft fabric, made with care.";
  const createdAt = spec.createdAt ?? "2026-11-01T00:00:00.000Z";
  const sku = unique("SKU");
  const { id } = await db.kysely
    .insertInto("products")
    .values({
      category_id: spec.categoryId,
      name: spec.name,
      slug: unique(spec.name.toLowerCase().replace(/\W+/g, "-")),
      sku,
      description,
      current_price_pence: spec.pricePence,
      original_price_pence: spec.originalPricePence ?? spec.pricePence,
      default_fit: spec.fits?.[0] ?? null,
      fit_required: spec.fits?.length ? 1 : 0,
      materials_care: `Care for ${spec.name}`,
      delivery_returns: null,
      return_exchanges: null,
      contact_info: null,
      search_text: buildSearchText({
        category: category.name,
        collection: category.collection,
        colors: variants.map((v) => v.color),
        description,
      }),
      stock_total: variants.reduce((sum, v) => sum + v.stock, 0),
      size_mask: sizeMask(variants.map((v) => v.size)),
      units_sold: spec.unitsSold ?? 0,
      view_count: spec.viewCount ?? 0,
      status: spec.status ?? "Active",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (variants.length) {
    await db.kysely
      .insertInto("product_variants")
      .values(
        variants.map((v) => ({
          product_id: id,
          sku: `${sku}-${v.color}-${v.size}`,
          color_name: v.color,
          color_code: "#000000",
          color_image: null,
          size: v.size,
          stock: v.stock,
          extra_price_pence: v.extraPence ?? 0,
        })),
      )
      .execute();
  }
  if (spec.images?.length) {
    // Inserted in reverse so that ordering by position, not by insertion, is what the API must do.
    const images = spec.images.map((url, position) => ({ product_id: id, url, alt: spec.name, color_name: null, position })).reverse();
    await db.kysely.insertInto("product_images").values(images).execute();
  }
  if (spec.fits?.length) {
    const fits = spec.fits.map((value, position) => ({ product_id: id, value, position })).reverse();
    await db.kysely.insertInto("product_fits").values(fits).execute();
  }
  return id;
}

export async function insertUser(db: Db, email = `${unique("shopper")}@example.test`): Promise<number> {
  const now = "2026-11-01T00:00:00.000Z";
  const row = await db.kysely
    .insertInto("users")
    .values({ name: "Shopper", email, password_hash: "not-a-hash", email_verified: 1, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order of `items` placed at `createdAt` with `status`. */
export async function insertOrder(
  db: Db,
  order: { userId: number; createdAt: string; status: OrderStatus; items: { productId: number; quantity: number }[] },
): Promise<number> {
  const code = unique("ORD");
  const { id } = await db.kysely
    .insertInto("orders")
    .values({
      code,
      user_id: order.userId,
      idempotency_key: code,
      status: order.status,
      payment_status: "paid",
      payment_method: "credit_card",
      subtotal_pence: 0,
      extras_pence: 0,
      shipping_pence: 500,
      discount_pence: 0,
      tax_pence: 0,
      promo_code: null,
      total_pence: 500,
      shipping_method: "Regular shipment",
      ship_label: "Home",
      ship_line1: "1 High Street",
      ship_line2: null,
      ship_city: "London",
      ship_postal_code: "E1 1AA",
      ship_phone: "07000000000",
      created_at: order.createdAt,
      updated_at: order.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto("order_items")
    .values(
      order.items.map((item) => ({
        order_id: id,
        product_id: item.productId,
        variant_id: null,
        product_name: "Item",
        product_image: null,
        variant_name: "",
        product_sku: "SKU",
        fit: null,
        unit_price_pence: 0,
        extra_price_pence: 0,
        quantity: item.quantity,
      })),
    )
    .execute();
  return id;
}

const day = (d: number) => `2026-11-${String(d).padStart(2, "0")}T09:00:00.000Z`;

/**
 * The standard test catalogue: 7 active products and 1 inactive one in three categories, with
 * a price tie (Linen Dress and Chiffon Maxi Dress at £45), a created_at tie and a units_sold tie
 * (Cotton Kids Set and Chiffon Maxi Dress), two out-of-stock products and one without images.
 */
export async function insertCatalogue(db: Db) {
  const abayas = await insertCategory(db, "Abayas");
  const dresses = await insertCategory(db, "Dresses", "Women");
  const kids = await insertCategory(db, "Kids");
  const silkAbaya = await insertProduct(db, {
    name: "Silk Abaya",
    categoryId: abayas,
    pricePence: 12000,
    originalPricePence: 15000,
    description: "Flowing silk for evenings.",
    variants: [
      { color: "Black", size: "M", stock: 2 },
      { color: "Navy", size: "M", stock: 1, extraPence: 550 },
      { color: "Black", size: "S", stock: 3 },
      { color: "Black", size: "L", stock: 0 },
    ],
    images: ["/images/silk-1.jpg", "/images/silk-2.jpg", "/images/silk-3.jpg"],
    fits: ["Fitted", "Relaxed", "Oversized"],
    createdAt: day(1),
    unitsSold: 30,
  });
  const linenDress = await insertProduct(db, {
    name: "Linen Dress",
    categoryId: dresses,
    pricePence: 4500,
    description: "Light summer dress with abaya inspired sleeves.",
    variants: [
      { color: "Beige", size: "S", stock: 4 },
      { color: "Beige", size: "M", stock: 4 },
    ],
    images: ["/images/linen-1.jpg"],
    createdAt: day(2),
    unitsSold: 10,
  });
  const velvetCoat = await insertProduct(db, {
    name: "Velvet Coat",
    categoryId: dresses,
    pricePence: 20000,
    variants: [{ color: "Black", size: "XL", stock: 0 }],
    images: ["/images/velvet-1.jpg"],
    createdAt: day(3),
    unitsSold: 5,
  });
  const cottonKidsSet = await insertProduct(db, {
    name: "Cotton Kids Set",
    categoryId: kids,
    pricePence: 2500,
    variants: [{ color: "Pink", size: "One Size", stock: 6 }],
    createdAt: day(4),
    unitsSold: 50,
  });
  const chiffonMaxiDress = await insertProduct(db, {
    name: "Chiffon Maxi Dress",
    categoryId: dresses,
    pricePence: 4500,
    variants: [
      { color: "Emerald Green", size: "S", stock: 2 },
      { color: "Emerald Green", size: "XS", stock: 1 },
    ],
    images: ["/images/chiffon-1.jpg"],
    createdAt: day(4),
    unitsSold: 50,
  });
  const hiddenAbaya = await insertProduct(db, {
    name: "Hidden Abaya",
    categoryId: abayas,
    pricePence: 1000,
    variants: [{ color: "Black", size: "M", stock: 9 }],
    status: "Inactive",
    createdAt: day(9),
    unitsSold: 99,
  });
  const woolAbaya = await insertProduct(db, {
    name: "Wool Abaya",
    categoryId: abayas,
    pricePence: 5000,
    variants: [
      { color: "Grey", size: "M", stock: 0 },
      { color: "Grey", size: "L", stock: 0 },
    ],
    createdAt: day(6),
  });
  const denimJacket = await insertProduct(db, {
    name: "Denim Jacket",
    categoryId: kids,
    pricePence: 10000,
    description: "Denim with a velvet trim collar.",
    variants: [{ color: "Blue", size: "S", stock: 1 }],
    images: ["/images/denim-1.jpg"],
    createdAt: day(7),
    unitsSold: 20,
  });
  return {
    categories: { abayas, dresses, kids },
    products: { silkAbaya, linenDress, velvetCoat, cottonKidsSet, chiffonMaxiDress, hiddenAbaya, woolAbaya, denimJacket },
  };
}

export type Catalogue = Awaited<ReturnType<typeof insertCatalogue>>;

/** Imports one product, "Satin Set" (SKU SET) at £50, through products:import: a black variant per size, SKU SET-<size>. */
export function importSatinSet(db: Db, category: string, variants: { size: string; stock: number }[]) {
  const product = {
    name: "Satin Set",
    sku: "SET",
    category,
    description: "Satin.",
    price: 50,
    status: "Active",
    variants: variants.map(({ size, stock }) => ({ sku: `SET-${size}`, color: "Black", colorCode: "#000000", size, stock, extraPrice: 0 })),
    images: [{ url: "/s.jpg", alt: "Satin Set" }],
    fits: [],
  };
  return importProducts(db, { products: [product] }, "2026-11-23T00:00:00.000Z");
}
