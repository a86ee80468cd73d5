import { type Expression, expressionBuilder, sql } from "kysely";
import { paginate } from "#api/core/envelope.ts";
import type { Db } from "#api/db/connect.ts";
import type { Database } from "#api/db/schema.ts";
import type { ListingSort, SIZES } from "#contract/constants.ts";
import type { ProductSummaryDto, StockStatus } from "#contract/dto/product.ts";
import type { Pagination } from "#contract/envelope.ts";
import { toPence } from "#contract/money.ts";
import { active, allOf, type Condition, type ConditionOn, stockIs } from "./product-conditions.ts";
import { productsByIds } from "./product-summaries.ts";
import { sizeMask } from "./size-mask.ts";

type Size = (typeof SIZES)[number];

/** Search input: at most this many words reach the full-text query. */
const SEARCH_MAX_TERMS = 8;
/** With more matches than this, a listing page is read along its sort index (see listingFilters). */
const SORT_WALK_MIN_MATCHES = 1_000;
/** A search answers at most this many products, the newest that match (see searchHits); its total says so. */
export const SEARCH_MATCH_CAP = 500;

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

/** Letters and digits of the user's input; never any query syntax. */
function searchTerms(input: string | undefined): string[] {
  return [...new Set((input ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, SEARCH_MAX_TERMS);
}

/**
 * The search's matches as a derived table `hits` (id, relevance: higher is better, and the sort column as
 * sort_key): the newest `cap` active products (by id) matching every word as a prefix, then those of them that
 * pass `filters`. Relevance is 1 when every word is in the product's name and 0 when some are only in its other
 * text, so ties (within a tier, and with a sort) go by id, as in the listing (decision 0011). It reads only the
 * capped matches: a score with corpus statistics (FTS5's bm25) reads every match of each word in the whole
 * catalogue (27,000 for "dress" at 100,000 products), most of a search's time at that size. The cap applies
 * before the filters, so a search with filters reads no more than the same search without them, and answers a
 * subset of it. The capped matches come from the Active products' search text alone (SQLite's FTS5 index,
 * PostgreSQL's product_search_vectors, walked from the newest); the products are read outside the cap, and only
 * when a filter or the sort needs them.
 */
function searchHits(db: Db, terms: string[], filters: Condition[], sort: (typeof SORTS)[ListingSort] | undefined, cap: number) {
  type Hit = { id: number; rank: number; sort_key: string | number };
  const { matches, rank } = cappedMatches(db, terms, cap, !sort);
  const where = filters.length > 0 ? sql`WHERE ${allOf(filters)(expressionBuilder<Database, "products">())}` : sql``;
  const sortKey = sort ? sql`, ${sql.ref(`products.${sort.column}`)} AS sort_key` : sql``;
  const products = filters.length > 0 || sort ? sql`JOIN products ON products.id = matches.id ${where}` : sql``;
  return sql<Hit>`(
    WITH matches AS MATERIALIZED (${matches})
    SELECT matches.id, ${rank} AS rank ${sortKey} FROM matches ${products}
  )`.as("hits");
}

/**
 * The newest `cap` Active products matching every word of `terms` as a prefix: `matches`, a statement of their ids
 * (and on PostgreSQL their relevance), and `rank`, their relevance read from a CTE of it named `matches` (0 unless
 * `ranked`).
 */
export function cappedMatches(db: Db, terms: string[], cap: number, ranked: boolean) {
  if (db.dialect === "postgres") {
    const query = sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(" & ")})`;
    return {
      matches: sql`SELECT v.product_id AS id, ${ranked ? sql`(ts_filter(v.search_vector, '{a}') @@ ${query})::int` : sql`0`} AS rank
        FROM product_search_vectors AS v WHERE v.search_vector @@ ${query} ORDER BY v.product_id DESC LIMIT ${sql.lit(cap)}`,
      rank: sql`matches.rank`,
    };
  }
  const match = terms.map((term) => `"${term}"*`).join(" ");
  return {
    matches: sql`SELECT products_fts.rowid AS id FROM products_fts
      WHERE products_fts MATCH ${match} ORDER BY products_fts.rowid DESC LIMIT ${sql.lit(cap)}`,
    // The name test reads the index's entries from the oldest capped match on: at most the cap's worth.
    rank: ranked
      ? sql`matches.id IN (SELECT products_fts.rowid FROM products_fts
          WHERE products_fts MATCH ${`{name} : (${match})`} AND products_fts.rowid >= (SELECT min(matches.id) FROM matches))`
      : sql`0`,
  };
}

/** The listing's filter columns that products and the facet counts tables have (stock: stock_total, in_stock). */
type FilterColumn = "category_id" | "current_price_pence" | "size_mask" | "stock";

/** The listing's filters other than colour, on the columns `column` names (products' or a facet counts table's). */
function columnFilters<T extends keyof Database>(
  query: ListingQuery,
  column: (name: FilterColumn) => Expression<number>,
): ConditionOn<T>[] {
  const conditions: ConditionOn<T>[] = [];
  if (query.category?.length) {
    const names = query.category.map((value) => value.toLowerCase());
    const ids = query.category.filter((value) => /^\d+$/.test(value)).map(Number);
    const categoryIds = expressionBuilder<Database, never>()
      .selectFrom("categories")
      .select("categories.id")
      .where((c) =>
        c.or([c(sql<string>`lower(${sql.ref("categories.name")})`, "in", names), ...(ids.length ? [c("categories.id", "in", ids)] : [])]),
      );
    conditions.push((eb) => eb(column("category_id"), "in", categoryIds));
  }
  if (query.size?.length) {
    const mask = sizeMask(query.size);
    conditions.push((eb) => eb(sql<number>`${column("size_mask")} & ${sql.lit(mask)}`, "<>", 0));
  }
  const stock = new Set(query.stock_status ?? []);
  if (stock.size === 1) conditions.push(stockIs<T>([...stock][0], column("stock")));
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

/**
 * The listing's filters, without `active`. `walkAlong` (the sort's column) turns the other product columns into
 * expressions (unary plus) that no index can serve, so the planner reads the page along the sort index and stops
 * after the page: right when most products match, while without table statistics SQLite would otherwise collect
 * every match through a filter index and sort them all. A filter on the sort's own column stays a bound of that
 * walk (a price range sorted by price starts at the range).
 */
function listingFilters(query: ListingQuery, walkAlong?: SortColumn): Condition[] {
  const column = (name: FilterColumn) => {
    const columnName = name === "stock" ? "stock_total" : name;
    const ref = sql.ref<number>(`products.${columnName}`);
    return walkAlong && walkAlong !== columnName ? sql<number>`+${ref}` : ref;
  };
  const conditions: Condition[] = [];
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
  return [...conditions, ...columnFilters<"products">(query, column)];
}

/** How many of a listing's matches have one price. */
interface PriceCount {
  price: number;
  products: number;
}

/**
 * How many active products a listing without a search matches. Without filters, the row the database keeps;
 * without a colour, the sum of the matching rows of product_facet_counts (one per combination of price,
 * category, sizes and stock, not one per product); with colours, the same sums per price (ascending), which a
 * price sort reads to start its page at the right price: over that colour's rows of product_colour_facet_counts
 * for one, over the rows of the sets holding any of them for several (a product with two of them counts once):
 * colour_set_totals' (per set and price) without other filters, product_colour_set_counts' with them.
 */
async function listingTotal(db: Db, query: ListingQuery): Promise<{ total: number; byPrice?: PriceCount[] }> {
  const colours = [...new Set(query.color?.map((value) => value.toLowerCase()))];
  const facets = columnFilters<"product_facet_counts">(query, (name) =>
    sql.ref<number>(`product_facet_counts.${name === "stock" ? "in_stock" : name}`),
  );
  if (colours.length > 0) {
    const byPrice = await (colours.length === 1
      ? sumsByPrice(db, query, "product_colour_facet_counts", (eb) => eb(sql.ref("product_colour_facet_counts.color_key"), "=", colours[0]))
      : setSumsByPrice(db, query, colours, facets.length === 0 ? "colour_set_totals" : "product_colour_set_counts"));
    return { total: byPrice.reduce((sum, row) => sum + row.products, 0), byPrice };
  }
  if (facets.length === 0) {
    const { total } = await db.kysely.selectFrom("product_counts").select("active_products as total").executeTakeFirstOrThrow();
    return { total: Number(total) };
  }
  const { total } = await db.kysely
    .selectFrom("product_facet_counts")
    .where(allOf(facets))
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("product_facet_counts.products"), sql.lit(0)).as("total"))
    .executeTakeFirstOrThrow();
  return { total: Number(total) };
}

type ColourCountsTable = "product_colour_facet_counts" | "product_colour_set_counts" | "colour_set_totals";

/**
 * The matches per price of a listing with colours, from a table of kept counts with the listing's other filtered
 * columns: `ofColours` picks its rows for the colours (one colour's rows, or those of the sets holding any).
 */
async function sumsByPrice(
  db: Db,
  query: ListingQuery,
  table: ColourCountsTable,
  ofColours: ConditionOn<ColourCountsTable>,
): Promise<PriceCount[]> {
  const column = (name: string) => sql.ref<number>(`${table}.${name}`);
  const facets = columnFilters<ColourCountsTable>(query, (name) => column(name === "stock" ? "in_stock" : name));
  const rows = await db.kysely
    .selectFrom(table)
    .where(allOf([ofColours, ...facets, (eb) => eb(column("products"), ">", 0)]))
    .groupBy(column("current_price_pence"))
    .orderBy(column("current_price_pence"))
    .select((eb) => [column("current_price_pence").as("price"), eb.fn.sum<number>(column("products")).as("products")])
    .execute();
  return rows.map((row) => ({ price: Number(row.price), products: Number(row.products) }));
}

/** The matches per price of several colours, over `table`'s rows of the sets holding any of them. */
function setSumsByPrice(db: Db, query: ListingQuery, colours: string[], table: "colour_set_totals" | "product_colour_set_counts") {
  return sumsByPrice(db, query, table, (eb) =>
    eb(
      sql.ref(`${table}.colour_set_id`),
      "in",
      eb.selectFrom("colour_set_members").select("colour_set_members.colour_set_id").where("colour_set_members.color_key", "in", colours),
    ),
  );
}

/**
 * Where a page sorted by price starts, from the matches per price: the price of its first product and how many
 * matches come before that price. The page then reads from that price on, skipping only the rest: a walk along
 * the price index would otherwise read every product priced before the page, most of which lack the colour when
 * few cheap products come in it.
 */
export function pageStart(byPrice: PriceCount[], offset: number, direction: "asc" | "desc"): { price: number; before: number } | undefined {
  let before = 0;
  for (const { price, products } of direction === "asc" ? byPrice : byPrice.toReversed()) {
    if (before + products > offset) return { price, before };
    before += products;
  }
  return undefined;
}

type SortColumn = "created_at" | "current_price_pence" | "name" | "units_sold";

/** The column of each listing order; the id breaks ties in the same direction, so pages never overlap. */
const SORTS: Record<ListingSort, { column: SortColumn; direction: "asc" | "desc" }> = {
  newest: { column: "created_at", direction: "desc" },
  price_low_high: { column: "current_price_pence", direction: "asc" },
  price_high_low: { column: "current_price_pence", direction: "desc" },
  name_a_z: { column: "name", direction: "asc" },
  most_popular: { column: "units_sold", direction: "desc" },
};

/** `GET /public/products`: one page of active products with the listing's filters, search and sort. */
export async function listProducts(
  db: Db,
  query: ListingQuery,
  { sortWalkMinMatches = SORT_WALK_MIN_MATCHES, searchMatchCap = SEARCH_MATCH_CAP } = {},
): Promise<{ products: ProductSummaryDto[]; pagination: Pagination }> {
  const terms = searchTerms(query.search);
  const filters = listingFilters(query);
  const offset = (query.page - 1) * query.limit;
  const page = (rows: { id: number }[], total: number) =>
    productsByIds(
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

  const { total, byPrice } = await listingTotal(db, query);
  if (offset >= total) return page([], total);
  const sort = SORTS[query.sort ?? "newest"];
  const walkAlong = total > sortWalkMinMatches ? sort.column : undefined;
  const start = sort.column === "current_price_pence" && byPrice ? pageStart(byPrice, offset, sort.direction) : undefined;
  const fromStart: Condition[] = start
    ? [(eb) => eb("products.current_price_pence", sort.direction === "asc" ? ">=" : "<=", start.price)]
    : [];
  // A page past the middle is read from the other end and turned round: the last page, which the pagination links
  // to, then reads no more than the first instead of the whole listing before it.
  const fromEnd = !start && offset * 2 > total;
  const limit = fromEnd ? Math.min(query.limit, total - offset) : query.limit;
  const direction = fromEnd ? (sort.direction === "asc" ? "desc" : "asc") : sort.direction;
  const rows = await db.kysely
    .selectFrom("products")
    .where(allOf([active, ...fromStart, ...listingFilters(query, walkAlong)]))
    .select("products.id")
    .orderBy(`products.${sort.column}`, direction)
    .orderBy("products.id", direction)
    .limit(limit)
    .offset(fromEnd ? total - offset - limit : offset - (start?.before ?? 0))
    .execute();
  return page(fromEnd ? rows.toReversed() : rows, total);
}
