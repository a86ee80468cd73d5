import { sql } from "kysely";
import type { Db } from "#api/db/connect.ts";
import { type AssembledProduct, assembleProduct, COLOURS_BY_GARMENT, seedDate, seededRandom, variantStock } from "./catalogue-builder.ts";
import { CATEGORIES, FABRIC_CARE, GARMENT_STORY, type Garment, PRODUCTS, type ProductData, SIZE_RANGES } from "./catalogue-data.ts";
import { seedDemoIfEmpty } from "./demo.ts";
import { insertProducts } from "./product-writer.ts";

export interface SyntheticOptions {
  /** Products per transaction. */
  batchSize?: number;
  onProgress?: (productCount: number, targetCount: number) => void;
}

const GIVEN_NAMES = [
  "Amal",
  "Basma",
  "Dana",
  "Elif",
  "Faiza",
  "Ghada",
  "Hiba",
  "Jana",
  "Kenza",
  "Lamis",
  "Malak",
  "Nour",
  "Qamar",
  "Rim",
  "Sahar",
  "Talia",
  "Wafa",
  "Yara",
  "Zainab",
  "Aya",
  "Bushra",
  "Dunya",
  "Esma",
  "Hafsa",
  "Ilham",
  "Lubna",
  "Maysa",
  "Nada",
  "Rahma",
  "Sawsan",
];
const DETAILS = [
  "Pleated",
  "Tiered",
  "Belted",
  "Embroidered",
  "Wrap",
  "Smocked",
  "Ruffled",
  "Draped",
  "Textured",
  "Layered",
  "Scalloped",
  "Tailored",
  "Flowing",
  "Pintucked",
];
const GARMENT_NOUN: Record<Garment, string> = {
  "maxi-dress": "Maxi Dress",
  tunic: "Tunic",
  skirt: "Maxi Skirt",
  trousers: "Wide-Leg Trousers",
  scarf: "Hijab",
  abaya: "Abaya",
  "occasion-abaya": "Occasion Abaya",
  "kids-dress": "Party Dress",
  romper: "Romper",
  "mini-me": "Mini-Me Dress",
  coord: "Co-ord Set",
  "lounge-set": "Lounge Set",
};
const FABRIC_WORD: Record<ProductData["fabric"], string> = {
  chiffon: "Chiffon",
  satin: "Satin",
  crepe: "Crepe",
  cotton: "Cotton",
  jersey: "Jersey",
  linen: "Linen",
  velvet: "Velvet",
  knit: "Knit",
  "silk-modal": "Silk-Modal",
  nida: "Nida",
};
const SIZES_PER_PRODUCT = 3;

interface CategoryTemplate {
  id: number;
  name: string;
  collection: string;
  products: readonly ProductData[];
}

async function categoryTemplates(db: Db): Promise<CategoryTemplate[]> {
  const rows = await db.kysely.selectFrom("categories").select(["id", "name", "collection"]).orderBy("id").execute();
  const templates = rows.flatMap((row) => {
    const products = PRODUCTS.filter((product) => product.category === row.name);
    return products.length === 0 ? [] : [{ ...row, products }];
  });
  if (templates.length === 0)
    throw new Error(`No demo categories (${CATEGORIES.map((c) => c.name).join(", ")}) to add synthetic products to`);
  return templates;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

/** Up to `count` distinct items, starting at a random position. */
function pickRun<T>(items: readonly T[], count: number, random: () => number): T[] {
  const start = Math.floor(random() * Math.max(1, items.length - count + 1));
  return items.slice(start, start + count);
}

function syntheticProduct(number: number, templates: readonly CategoryTemplate[]): AssembledProduct {
  const random = seededRandom(number * 2_654_435_761);
  const category = templates[number % templates.length];
  const template = pick(category.products, random);
  const sizes = pickRun(SIZE_RANGES[template.sizes], SIZES_PER_PRODUCT, random);
  const palette = COLOURS_BY_GARMENT.get(template.garment) ?? template.colours;
  // One-size pieces get a third colour so they still offer a handful of variants.
  const colourCount = sizes.length === 1 ? 3 : 2;
  const colours = [...new Set(Array.from({ length: colourCount }, () => pick(palette, random)))];
  const pricePence = Math.max(900, Math.round((template.pricePence * (0.75 + random() * 0.5)) / 500) * 500 - 100);
  const onSale = random() < 0.15;
  const soldOut = random() < 0.03;
  const name = `${pick(GIVEN_NAMES, random)} ${pick(DETAILS, random)} ${FABRIC_WORD[template.fabric]} ${GARMENT_NOUN[template.garment]}`;
  const lead = `A ${name.split(" ").slice(1).join(" ").toLowerCase()} from our ${category.collection} collection.`;
  const unitsSold = Math.floor(random() ** 3 * 600);
  return assembleProduct({
    categoryId: category.id,
    categoryName: category.name,
    collection: category.collection,
    name,
    sku: `SYN-${String(number).padStart(7, "0")}`,
    garment: template.garment,
    description: random() < 0.7 ? `${lead} ${GARMENT_STORY[template.garment]}` : lead,
    pricePence,
    wasPence: onSale ? Math.round((pricePence * 1.25) / 100) * 100 : undefined,
    colours,
    sizes,
    fit: template.fit,
    texts: {
      materials_care: random() < 0.5 ? FABRIC_CARE[template.fabric] : null,
      delivery_returns: null,
      return_exchanges: null,
      contact_info: null,
    },
    createdAt: seedDate(number % 365, number % 24),
    unitsSold,
    viewCount: unitsSold * 12 + Math.floor(random() * 900),
    stock: () => (soldOut ? 0 : variantStock(random)),
  });
}

/**
 * Bulk-load settings for the duration of a load; answers how to put the old ones back. SQLite: once the indexes
 * outgrow the default 2 MiB page cache every insert pays for random page reads, so a 256 MiB cache; and no fsync
 * per commit (synchronous OFF: a crash mid-load loses at most the last batches, which a rerun tops up again).
 * PostgreSQL's batches commit without waiting for the WAL flush instead (see seedSyntheticProducts).
 */
async function bulkLoadSettings(db: Db): Promise<() => Promise<void>> {
  if (db.dialect === "postgres") return async () => {};
  const { rows: cache } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db.kysely);
  const { rows: sync } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db.kysely);
  await sql`PRAGMA cache_size = -262144`.execute(db.kysely);
  await sql`PRAGMA synchronous = OFF`.execute(db.kysely);
  return async () => {
    await sql.raw(`PRAGMA cache_size = ${Number(cache[0].cache_size)}`).execute(db.kysely);
    await sql.raw(`PRAGMA synchronous = ${Number(sync[0].synchronous)}`).execute(db.kysely);
  };
}

/**
 * Adds synthetic products (demo categories, demo artwork, varied names, colours, sizes and prices)
 * until the catalogue holds `targetCount` products; seeds the demo first when empty. Answers how many it added.
 */
export async function seedSyntheticProducts(db: Db, targetCount: number, options: SyntheticOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 10_000;
  await seedDemoIfEmpty(db);
  const templates = await categoryTemplates(db);
  const { count, maxId } = await db.kysely
    .selectFrom("products")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max<number | null>("id").as("maxId")])
    .executeTakeFirstOrThrow();
  const existing = Number(count);
  const toAdd = Math.max(0, targetCount - existing);
  // Numbering after the highest id keeps SKUs unique across repeated runs.
  const firstNumber = Number(maxId ?? 0) + 1;
  const restoreSettings = await bulkLoadSettings(db);
  try {
    for (let done = 0; done < toAdd; done += batchSize) {
      const size = Math.min(batchSize, toAdd - done);
      const products = Array.from({ length: size }, (_, offset) => syntheticProduct(firstNumber + done + offset, templates));
      await db.kysely.transaction().execute(async (trx) => {
        if (db.dialect === "postgres") await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        await insertProducts(trx, products);
      });
      options.onProgress?.(existing + done + size, targetCount);
    }
  } finally {
    await restoreSettings();
  }
  return toAdd;
}
