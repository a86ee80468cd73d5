import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Clock } from "#api/core/clock.ts";
import { paginate } from "#api/core/envelope.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database, Variant } from "#api/db/schema.ts";
import { type ListingSort, PLACEHOLDER_IMAGE, SIZES } from "#contract/constants.ts";
import type { ProductDetailDto, ProductImageDto, ProductSummaryDto, StockStatus, VariantDto } from "#contract/dto/product.ts";
import type { Pagination } from "#contract/envelope.ts";
import { toGbp, toPence } from "#contract/money.ts";
import { encodeProductId } from "#contract/product-id.ts";
import { sizeMask } from "./size-mask.ts";

type Size = (typeof SIZES)[number];

/** Trending: each unit sold within `windowDays` (orders not cancelled) counts as `orderWeight` views. */
export const TRENDING = { windowDays: 30, orderWeight: 10, viewCandidates: 200 } as const;
/** Search input: at most this many words reach the full-text query. */
const SEARCH_MAX_TERMS = 8;
/** With more matches than this, a listing page is read along its sort index (see listingConditions). */
const SORT_WALK_MIN_MATCHES = 1_000;
/** A search answers at most this many products, the newest that match (see searchHits); its total says so. */
const SEARCH_MATCH_CAP = 1_000;

export interface ListingQuery {
  /** Category names (case-insensitive) or numeric ids. */
  category?: string[];
  /** Colour names, case-insensitive. */
  color?: string[];
  size?: Size[];
  stock_status?: StockStatus[];
  min_price?: number;
  max_price?: number;
  search?: string;
  sort?: ListingSort;
  page: number;
  limit: number;
}

type ProductsEb = ExpressionBuilder<Database, "products">;
type Condition = (eb: ProductsEb) => Expression<SqlBool>;

/** Letters and digits of the user's input; never any query syntax. */
export function searchTerms(input: string | undefined): string[] {
  return [...new Set((input ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, SEARCH_MAX_TERMS);
}

/**
 * The active products matching the search and `filters`, at most `cap` of them (the newest by id), with
 * a relevance (higher is better), as a derived table `hits`: FTS5 bm25 with the name weighted over the other text
 * on SQLite, ts_rank over the weighted search_vector on PostgreSQL. Every term is a prefix match and all terms
 * must match. Reading matches newest first and stopping at the cap keeps a broad search (tens of thousands of
 * matches) from ranking, counting and filtering every one of them.
 */
function searchHits(db: Db, terms: string[], filters: Condition[], sort: (typeof SORTS)[ListingSort] | undefined, cap: number) {
  const where = allOf(filters)(expressionBuilder<Database, "products">());
  // The sort column rides along, so ordering the page needs no second read of the products.
  const sortKey = sort ? sql`, ${sql.ref(`products.${sort.column}`)} AS sort_key` : sql``;
  type Hit = { id: number; rank: number; sort_key: string | number };
  if (db.dialect === "postgres") {
    const query = terms.map((term) => `${term}:*`).join(" & ");
    return sql<Hit>`(
      SELECT products.id, ts_rank(products.search_vector, to_tsquery('english', ${query})) AS rank ${sortKey}
      FROM products WHERE products.search_vector @@ to_tsquery('english', ${query}) AND ${where}
      ORDER BY products.id DESC LIMIT ${sql.lit(cap)}
    )`.as("hits");
  }
  const match = terms.map((term) => `"${term}"*`).join(" ");
  return sql<Hit>`(
    SELECT products.id, -bm25(products_fts, 10.0, 1.0) AS rank ${sortKey}
    FROM products_fts JOIN products ON products.id = products_fts.rowid WHERE products_fts MATCH ${match} AND ${where}
    ORDER BY products_fts.rowid DESC LIMIT ${sql.lit(cap)}
  )`.as("hits");
}

// A literal, not a parameter: the planner can then use the partial indexes products_active_*_idx.
const active: Condition = (eb) => eb("products.status", "=", sql.lit("Active"));
const stockIs =
  (status: StockStatus, stockTotal: Expression<number> = sql.ref<number>("products.stock_total")): Condition =>
  (eb) =>
    status === "In Stock" ? eb(stockTotal, ">", 0) : eb(stockTotal, "=", 0);
const inStock = stockIs("In Stock");
const outOfStock = stockIs("Out of Stock");

/**
 * The listing's filters. `walkSortIndex` turns the product columns into expressions (unary plus) that no
 * index can serve, so the planner reads the page along the sort index and stops after the page: right when
 * most products match, while without table statistics SQLite would otherwise collect every match through
 * a filter index and sort them all.
 */
function listingConditions(query: ListingQuery, walkSortIndex = false): Condition[] {
  const column = (name: "category_id" | "stock_total" | "current_price_pence" | "size_mask") =>
    walkSortIndex ? sql<number>`+${sql.ref(`products.${name}`)}` : sql.ref<number>(`products.${name}`);
  const conditions: Condition[] = [active];
  if (query.category?.length) {
    const names = query.category.map((value) => value.toLowerCase());
    const ids = query.category.filter((value) => /^\d+$/.test(value)).map(Number);
    conditions.push((eb) =>
      eb(
        column("category_id"),
        "in",
        eb
          .selectFrom("categories")
          .select("categories.id")
          .where((c) =>
            c.or([
              c(sql<string>`lower(${sql.ref("categories.name")})`, "in", names),
              ...(ids.length ? [c("categories.id", "in", ids)] : []),
            ]),
          ),
      ),
    );
  }
  if (query.color?.length) {
    const colors = query.color.map((value) => value.toLowerCase());
    conditions.push((eb) =>
      eb.exists(
        eb
          .selectFrom("product_variants")
          .select(sql.lit(1).as("one"))
          .whereRef("product_variants.product_id", "=", "products.id")
          // Same expression as product_variants_color_lower_idx.
          .where(sql<string>`lower(${sql.ref("product_variants.color_name")})`, "in", colors),
      ),
    );
  }
  if (query.size?.length) {
    const mask = sizeMask(query.size);
    conditions.push((eb) => eb(sql<number>`${column("size_mask")} & ${sql.lit(mask)}`, "<>", 0));
  }
  const stock = new Set(query.stock_status ?? []);
  if (stock.size === 1) conditions.push(stockIs([...stock][0], column("stock_total")));
  if (query.min_price !== undefined) {
    const min = toPence(query.min_price);
    conditions.push((eb) => eb(column("current_price_pence"), ">=", min));
  }
  if (query.max_price !== undefined) {
    const max = toPence(query.max_price);
    conditions.push((eb) => eb(column("current_price_pence"), "<=", max));
  }
  return conditions;
}

const allOf =
  (conditions: Condition[]): Condition =>
  (eb) =>
    eb.and(conditions.map((condition) => condition(eb)));

/** The column of each listing order; the id breaks ties in the same direction, so pages never overlap. */
const SORTS: Record<ListingSort, { column: "created_at" | "current_price_pence" | "name" | "units_sold"; direction: "asc" | "desc" }> = {
  newest: { column: "created_at", direction: "desc" },
  price_low_high: { column: "current_price_pence", direction: "asc" },
  price_high_low: { column: "current_price_pence", direction: "desc" },
  name_a_z: { column: "name", direction: "asc" },
  most_popular: { column: "units_sold", direction: "desc" },
};

/** `GET /public/products`: one page of active products with the filters, search and sort of spec section 7. */
export async function listProducts(
  db: Db,
  query: ListingQuery,
  { sortWalkMinMatches = SORT_WALK_MIN_MATCHES, searchMatchCap = SEARCH_MATCH_CAP } = {},
): Promise<{ products: ProductSummaryDto[]; pagination: Pagination }> {
  const terms = searchTerms(query.search);
  const filters = listingConditions(query);
  const offset = (query.page - 1) * query.limit;
  const page = (rows: { id: number }[], total: number) =>
    summariesByIds(
      db,
      rows.map((row) => row.id),
    ).then((products) => ({ products, pagination: paginate(total, query.page, query.limit) }));

  if (terms.length > 0) {
    const sort = query.sort && SORTS[query.sort];
    const hits = searchHits(db, terms, filters, sort, searchMatchCap);
    let ranked = db.kysely.selectFrom(hits).select((eb) => ["hits.id", eb.fn.countAll<number>().over().as("total")]);
    if (sort) ranked = ranked.orderBy("hits.sort_key", sort.direction);
    ranked = ranked.orderBy("hits.rank", "desc").orderBy("hits.id", sort ? sort.direction : "desc");
    const rows = await ranked.limit(query.limit).offset(offset).execute();
    if (rows.length > 0 || offset === 0) return page(rows, Number(rows[0]?.total ?? 0));
    const { total } = await db.kysely
      .selectFrom(hits)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    return page([], Number(total));
  }

  const { total } = await db.kysely
    .selectFrom("products")
    .where(allOf(filters))
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  if (offset >= Number(total)) return page([], Number(total));
  const sort = SORTS[query.sort ?? "newest"];
  const walkSortIndex = Number(total) > sortWalkMinMatches;
  const rows = await db.kysely
    .selectFrom("products")
    .where(allOf(listingConditions(query, walkSortIndex)))
    .select("products.id")
    .orderBy(`products.${sort.column}`, sort.direction)
    .orderBy("products.id", sort.direction)
    .limit(query.limit)
    .offset(offset)
    .execute();
  return page(rows, Number(total));
}

/** Ids of active products meeting `conditions`, in `order`, skipping `exclude`. */
async function pickIds(db: Db, conditions: Condition[], order: "newest" | "popular", exclude: number[], limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  let query = db.kysely
    .selectFrom("products")
    .select("products.id")
    .where(allOf([active, ...conditions]));
  if (exclude.length) query = query.where("products.id", "not in", exclude);
  query = order === "newest" ? query.orderBy("products.created_at", "desc") : query.orderBy("products.units_sold", "desc");
  const rows = await query.orderBy("products.id", "desc").limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Fills up to `limit` ids from each source in turn, never repeating one. */
async function pickInTiers(limit: number, tiers: ((exclude: number[], remaining: number) => Promise<number[]>)[]): Promise<number[]> {
  const picked: number[] = [];
  for (const tier of tiers) {
    if (picked.length >= limit) break;
    picked.push(...(await tier([...picked], limit - picked.length)));
  }
  return picked;
}

/**
 * Trending: in-stock products scored by units in the last 30 days' orders (not cancelled), each unit
 * worth TRENDING.orderWeight views, plus their views; padded with the newest in-stock products.
 * Only products with recent orders or among the most viewed can score above zero, so only they are scored.
 */
export async function trendingProducts(db: Db, clock: Clock, limit: number): Promise<ProductSummaryDto[]> {
  const since = new Date(clock.now().getTime() - TRENDING.windowDays * 86_400_000).toISOString();
  const scored = async (exclude: number[], remaining: number) => {
    let query = db.kysely
      .with("recent", (qb) =>
        qb
          .selectFrom("order_items")
          .innerJoin("orders", "orders.id", "order_items.order_id")
          .where("orders.created_at", ">=", since)
          .where("orders.status", "<>", "cancelled")
          .groupBy("order_items.product_id")
          .select((eb) => ["order_items.product_id", eb.fn.sum<number>("order_items.quantity").as("units")]),
      )
      .selectFrom("products")
      .leftJoin("recent", "recent.product_id", "products.id")
      .select("products.id")
      .where(allOf([active, inStock]))
      .where((eb) =>
        eb.or([
          eb("products.id", "in", eb.selectFrom("recent").select("recent.product_id")),
          eb(
            "products.id",
            "in",
            eb
              .selectFrom("products as viewed")
              .select("viewed.id")
              .where("viewed.status", "=", "Active")
              .where("viewed.stock_total", ">", 0)
              .where("viewed.view_count", ">", 0)
              .orderBy("viewed.view_count", "desc")
              .orderBy("viewed.id", "desc")
              .limit(TRENDING.viewCandidates),
          ),
        ]),
      );
    if (exclude.length) query = query.where("products.id", "not in", exclude);
    const rows = await query
      .orderBy(sql`coalesce(${sql.ref("recent.units")}, 0) * ${sql.lit(TRENDING.orderWeight)} + ${sql.ref("products.view_count")}`, "desc")
      .orderBy("products.created_at", "desc")
      .orderBy("products.id", "desc")
      .limit(remaining)
      .execute();
    return rows.map((row) => row.id);
  };
  const ids = await pickInTiers(limit, [scored, (exclude, remaining) => pickIds(db, [inStock], "newest", exclude, remaining)]);
  return summariesByIds(db, ids);
}

/** Latest: newest in-stock products, then newest out-of-stock ones if the shop has too few. */
export async function latestProducts(db: Db, limit: number): Promise<ProductSummaryDto[]> {
  const ids = await pickInTiers(limit, [
    (exclude, remaining) => pickIds(db, [inStock], "newest", exclude, remaining),
    (exclude, remaining) => pickIds(db, [outOfStock], "newest", exclude, remaining),
  ]);
  return summariesByIds(db, ids);
}

/**
 * Recommended: in-stock best sellers of the product's category, then other in-stock best sellers,
 * then out-of-stock ones in the same order; never the product itself.
 */
export async function recommendedProducts(db: Db, productId: number | undefined, limit: number): Promise<ProductSummaryDto[]> {
  const product =
    productId === undefined
      ? undefined
      : await db.kysely.selectFrom("products").select("category_id").where("id", "=", productId).executeTakeFirst();
  const self = productId === undefined ? [] : [productId];
  const tier = (conditions: Condition[]) => (exclude: number[], remaining: number) =>
    pickIds(db, conditions, "popular", [...self, ...exclude], remaining);
  const tiers = [];
  for (const stock of [inStock, outOfStock]) {
    if (product) {
      const categoryId = product.category_id;
      tiers.push(tier([stock, (eb) => eb("products.category_id", "=", categoryId)]));
      tiers.push(tier([stock, (eb) => eb("products.category_id", "<>", categoryId)]));
    } else {
      tiers.push(tier([stock]));
    }
  }
  return summariesByIds(db, await pickInTiers(limit, tiers));
}

/** `GET /public/products/bulk`: active products among `ids`, in the order asked; unknown ids are absent. */
export const productsByIds = (db: Db, ids: number[]) => summariesByIds(db, ids);

/** The full product, counting the view; null when there is no active product with this id. */
export async function viewProduct(db: Db, id: number): Promise<ProductDetailDto | null> {
  const counted = await db.kysely
    .updateTable("products")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "Active")
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return null;
  const row = await summaryRows(db, [id])
    .select([
      "products.description",
      "products.default_fit",
      "products.fit_required",
      "products.materials_care",
      "products.delivery_returns",
      "products.return_exchanges",
      "products.contact_info",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const [variants, images, fits] = await Promise.all([
    variantsByProduct(db, [id]),
    imagesByProduct(db, [id]),
    db.kysely.selectFrom("product_fits").select("value").where("product_id", "=", id).orderBy("position").orderBy("id").execute(),
  ]);
  const productImages = images.get(id) ?? [];
  return {
    ...toSummary(row, variants.get(id) ?? [], productImages[0]?.url),
    description: row.description,
    images: productImages,
    default_fit: row.default_fit,
    fit_required: row.fit_required === 1,
    available_fits: fits.map((fit) => ({ value: fit.value })),
    materials_care: row.materials_care,
    delivery_returns: row.delivery_returns,
    return_exchanges: row.return_exchanges,
    contact_info: row.contact_info,
  };
}

function summaryRows(db: Db, ids: number[]) {
  return db.kysely
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select([
      "products.id",
      "products.name",
      "products.slug",
      "products.sku",
      "products.category_id",
      "categories.name as category_name",
      "categories.collection",
      "products.current_price_pence",
      "products.original_price_pence",
      "products.stock_total",
      "products.created_at",
    ])
    .where("products.id", "in", ids)
    .where("products.status", "=", "Active");
}

type SummaryRow = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category_id: number;
  category_name: string;
  collection: string;
  current_price_pence: number;
  original_price_pence: number;
  stock_total: number;
  created_at: string;
};

/** Summaries of the active products among `ids`, in that order: three queries whatever the count. */
async function summariesByIds(db: Db, ids: number[]): Promise<ProductSummaryDto[]> {
  if (ids.length === 0) return [];
  const [rows, variants, images] = await Promise.all([
    summaryRows(db, ids).execute(),
    variantsByProduct(db, ids),
    imagesByProduct(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, variants.get(id) ?? [], images.get(id)?.[0]?.url)] : [];
  });
}

/** The one mapping of a product row to the contract's shape. */
function toSummary(row: SummaryRow, variants: Variant[], mainImage: string | undefined): ProductSummaryDto {
  const price = toGbp(row.current_price_pence);
  return {
    id: row.id,
    token: encodeProductId(row.id),
    name: row.name,
    slug: row.slug,
    category_id: row.category_id,
    category_name: row.category_name,
    collection: row.collection,
    current_price: price,
    original_price: toGbp(row.original_price_pence),
    price,
    main_image: mainImage ?? PLACEHOLDER_IMAGE,
    stock: row.stock_total,
    stock_status: row.stock_total > 0 ? "In Stock" : "Out of Stock",
    sku: row.sku,
    variants: variants.map((variant) => toVariant(variant, row.current_price_pence)),
    created_at: row.created_at,
  };
}

function toVariant({ extra_price_pence, ...columns }: Variant, basePricePence: number): VariantDto {
  return { ...columns, extra_price: toGbp(extra_price_pence), price: toGbp(basePricePence + extra_price_pence) };
}

const sizeRank = (size: string) => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/** Variants per product: colours in order of first appearance, sizes XS to XXL then One Size. */
async function variantsByProduct(db: Db, ids: number[]): Promise<Map<number, Variant[]>> {
  const rows = await db.kysely
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("id")
    .execute();
  const grouped = groupBy(rows, (row) => row.product_id);
  for (const variants of grouped.values()) {
    const colourRank = new Map<string, number>();
    for (const variant of variants) if (!colourRank.has(variant.color_name)) colourRank.set(variant.color_name, colourRank.size);
    variants.sort(
      (a, b) =>
        (colourRank.get(a.color_name) ?? 0) - (colourRank.get(b.color_name) ?? 0) || sizeRank(a.size) - sizeRank(b.size) || a.id - b.id,
    );
  }
  return grouped;
}

async function imagesByProduct(db: Db, ids: number[]): Promise<Map<number, ProductImageDto[]>> {
  const rows = await db.kysely
    .selectFrom("product_images")
    .select(["product_id", "url", "alt", "color_name"])
    .where("product_id", "in", ids)
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const grouped = groupBy(rows, (row) => row.product_id);
  return new Map([...grouped].map(([id, images]) => [id, images.map(({ url, alt, color_name }) => ({ url, alt, color_name }))]));
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const item of items) {
    const list = grouped.get(key(item)) ?? [];
    list.push(item);
    grouped.set(key(item), list);
  }
  return grouped;
}
