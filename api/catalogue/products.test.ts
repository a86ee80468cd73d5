import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApi } from "#api/testing/harness.ts";
import { LISTING_SORTS, PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { ProductDetailDto, ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";
import { type ListingQuery, listProducts, pageStart } from "./product-listing.ts";
import { type Catalogue, insertCatalogue, insertCategory, insertOrder, insertProduct, insertUser } from "./testing-fixtures.ts";

type Harness = Awaited<ReturnType<typeof freshApi>>;

const names = (body: { data: ProductSummaryDto[] }) => body.data.map((product) => product.name);
const NEWEST = ["Denim Jacket", "Wool Abaya", "Chiffon Maxi Dress", "Cotton Kids Set", "Velvet Coat", "Linen Dress", "Silk Abaya"];

/** A harness over the standard catalogue; tests that change data make their own. */
function withCatalogue() {
  const shop = {} as Harness & { catalogue: Catalogue };
  beforeAll(async () => {
    const harness = await freshApi();
    Object.assign(shop, harness, { catalogue: await insertCatalogue(harness.db) });
  });
  afterAll(() => shop.close());
  return shop;
}

describe("GET /public/products", () => {
  const shop = withCatalogue();
  const list = (query = "") => shop.call<{ data: ProductSummaryDto[] }>("GET", `/public/products${query}`);

  it("lists active products newest first with the default page size and pagination", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(names(body)).toEqual(NEWEST);
    expect(body.pagination).toEqual({ total: 7, totalPages: 1, page: 1, limit: 12 });
  });

  it("answers the contract's product shape", async () => {
    const { body } = await list("?search=silk");
    const silk = body.data[0];
    expect(silk).toMatchObject({
      id: shop.catalogue.products.silkAbaya,
      token: encodeProductId(shop.catalogue.products.silkAbaya),
      name: "Silk Abaya",
      category_name: "Abayas",
      collection: "Abayas",
      current_price: 120,
      price: 120,
      original_price: 150,
      main_image: "/images/silk-1.jpg",
      stock: 6,
      stock_status: "In Stock",
    });
    expect(silk.variants.map((v) => `${v.color_name} ${v.size}`)).toEqual(["Black S", "Black M", "Black L", "Navy M"]);
    expect(silk.variants.find((v) => v.color_name === "Navy")).toMatchObject({ extra_price: 5.5, price: 125.5, stock: 1 });
  });

  it("falls back to the placeholder image and reports out-of-stock products", async () => {
    const { body } = await list("?search=cotton");
    expect(body.data[0].main_image).toBe(PLACEHOLDER_IMAGE);
    const wool = (await list("?search=wool")).body.data[0];
    expect(wool).toMatchObject({ stock: 0, stock_status: "Out of Stock" });
  });

  it("never lists inactive products", async () => {
    expect(names((await list("?category=Abayas")).body)).toEqual(["Wool Abaya", "Silk Abaya"]);
    expect((await list("?search=hidden")).body.data).toEqual([]);
    expect((await list("?sort=most_popular")).body.data.map((p) => p.id)).not.toContain(shop.catalogue.products.hiddenAbaya);
  });

  describe("filters", () => {
    it("filters by category name, case-insensitively, several comma-joined, or by numeric id", async () => {
      expect(names((await list("?category=abayas")).body)).toEqual(["Wool Abaya", "Silk Abaya"]);
      expect(names((await list("?category=Abayas,Kids")).body)).toEqual(["Denim Jacket", "Wool Abaya", "Cotton Kids Set", "Silk Abaya"]);
      expect(names((await list(`?category=${shop.catalogue.categories.kids}`)).body)).toEqual(["Denim Jacket", "Cotton Kids Set"]);
      const unknown = await list("?category=Shoes");
      expect(unknown.status).toBe(200);
      expect(unknown.body.data).toEqual([]);
      expect(unknown.body.pagination).toMatchObject({ total: 0, totalPages: 1 });
    });

    it("filters by colour case-insensitively, names with spaces included", async () => {
      expect(names((await list("?color=black")).body)).toEqual(["Velvet Coat", "Silk Abaya"]);
      expect(names((await list("?color=BLACK,beige")).body)).toEqual(["Velvet Coat", "Linen Dress", "Silk Abaya"]);
      expect(names((await list(`?color=${encodeURIComponent("emerald green")}`)).body)).toEqual(["Chiffon Maxi Dress"]);
    });

    it("filters by size, case-insensitively, including One Size", async () => {
      expect(names((await list("?size=xs")).body)).toEqual(["Chiffon Maxi Dress"]);
      expect(names((await list(`?size=${encodeURIComponent("one size")}`)).body)).toEqual(["Cotton Kids Set"]);
      expect(names((await list("?size=XL,One Size")).body)).toEqual(["Cotton Kids Set", "Velvet Coat"]);
      expect(names((await list("?size=S&size=XL")).body)).toEqual([
        "Denim Jacket",
        "Chiffon Maxi Dress",
        "Velvet Coat",
        "Linen Dress",
        "Silk Abaya",
      ]);
    });

    it("filters by stock status", async () => {
      expect(names((await list(`?stock_status=${encodeURIComponent("In Stock")}`)).body)).toEqual([
        "Denim Jacket",
        "Chiffon Maxi Dress",
        "Cotton Kids Set",
        "Linen Dress",
        "Silk Abaya",
      ]);
      expect(names((await list(`?stock_status=${encodeURIComponent("Out of Stock")}`)).body)).toEqual(["Wool Abaya", "Velvet Coat"]);
      expect(names((await list(`?stock_status=${encodeURIComponent("in stock,OUT OF STOCK")}`)).body)).toEqual(NEWEST);
    });

    it("filters by price with inclusive bounds", async () => {
      expect(names((await list("?min_price=45&max_price=100")).body)).toEqual([
        "Denim Jacket",
        "Wool Abaya",
        "Chiffon Maxi Dress",
        "Linen Dress",
      ]);
      expect(names((await list("?min_price=200")).body)).toEqual(["Velvet Coat"]);
      expect(names((await list("?max_price=25")).body)).toEqual(["Cotton Kids Set"]);
      expect(names((await list("?min_price=44.99&max_price=45.00")).body)).toEqual(["Chiffon Maxi Dress", "Linen Dress"]);
      expect(names((await list("?min_price=45.01&max_price=49.99")).body)).toEqual([]);
      expect(names((await list("?min_price=&max_price=")).body)).toEqual(NEWEST);
    });

    it("combines filters", async () => {
      const query = `?category=Dresses&size=S&stock_status=${encodeURIComponent("In Stock")}&max_price=50`;
      expect(names((await list(query)).body)).toEqual(["Chiffon Maxi Dress", "Linen Dress"]);
      expect(names((await list(`${query}&color=Beige`)).body)).toEqual(["Linen Dress"]);
      expect(names((await list(`${query}&color=Beige&size=XS`)).body)).toEqual(["Linen Dress"]);
      expect(names((await list("?category=Abayas&color=Grey&size=S")).body)).toEqual([]);
      expect(names((await list("?category=Abayas,Dresses&color=Black&min_price=150")).body)).toEqual(["Velvet Coat"]);
    });
  });

  describe("sorting", () => {
    it.each([
      ["newest", NEWEST],
      [
        "price_low_high",
        ["Cotton Kids Set", "Linen Dress", "Chiffon Maxi Dress", "Wool Abaya", "Denim Jacket", "Silk Abaya", "Velvet Coat"],
      ],
      [
        "price_high_low",
        ["Velvet Coat", "Silk Abaya", "Denim Jacket", "Wool Abaya", "Chiffon Maxi Dress", "Linen Dress", "Cotton Kids Set"],
      ],
      ["name_a_z", ["Chiffon Maxi Dress", "Cotton Kids Set", "Denim Jacket", "Linen Dress", "Silk Abaya", "Velvet Coat", "Wool Abaya"]],
      ["most_popular", ["Chiffon Maxi Dress", "Cotton Kids Set", "Silk Abaya", "Denim Jacket", "Linen Dress", "Velvet Coat", "Wool Abaya"]],
    ])("sorts %s, ties broken by id", async (sort, expected) => {
      expect(names((await list(`?sort=${sort}`)).body)).toEqual(expected);
    });

    it("keeps ties stable across pages", async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((page) => list(`?sort=price_low_high&limit=1&page=${page}`)));
      expect(pages.flatMap((page) => names(page.body))).toEqual([
        "Cotton Kids Set",
        "Linen Dress",
        "Chiffon Maxi Dress",
        "Wool Abaya",
        "Denim Jacket",
        "Silk Abaya",
        "Velvet Coat",
      ]);
    });
  });

  describe("pagination", () => {
    it("serves a partial last page", async () => {
      const { body } = await list("?limit=3&page=3");
      expect(names(body)).toEqual(["Silk Abaya"]);
      expect(body.pagination).toEqual({ total: 7, totalPages: 3, page: 3, limit: 3 });
    });

    it("answers an empty page beyond the last with the right totals", async () => {
      const { status, body } = await list("?limit=3&page=4");
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
      expect(body.pagination).toEqual({ total: 7, totalPages: 3, page: 4, limit: 3 });
      expect((await list("?page=999999")).body.data).toEqual([]);
    });

    it("pages one at a time with limit 1 and the maximum limit of 100", async () => {
      const { body } = await list("?limit=1&page=7");
      expect(names(body)).toEqual(["Silk Abaya"]);
      expect(body.pagination).toMatchObject({ total: 7, totalPages: 7 });
      expect((await list("?limit=100")).body.data).toHaveLength(7);
    });

    it("counts the filtered total, not the whole catalogue", async () => {
      const { body } = await list("?category=Dresses&limit=2");
      expect(body.pagination).toEqual({ total: 3, totalPages: 2, page: 1, limit: 2 });
    });
  });

  it("pages every sort and filter as slices of the whole listing, from either end", async () => {
    const queries = [
      ...LISTING_SORTS.map((sort) => `sort=${sort}`),
      "category=Abayas,Kids",
      `stock_status=${encodeURIComponent("In Stock")}`,
      // Colour totals come from the colour and colour-set counts, which the page read from the end relies on.
      "color=black&sort=name_a_z",
      "color=black,beige",
    ];
    for (const query of queries) {
      const whole = (await list(`?${query}&limit=100`)).body.data.map((product) => product.id);
      for (const limit of [2, 3]) {
        const pages: number[] = [];
        for (let page = 1; page <= Math.ceil(whole.length / limit); page++) {
          const { body } = await list(`?${query}&limit=${limit}&page=${page}`);
          expect(body.pagination?.total, query).toBe(whole.length);
          pages.push(...body.data.map((product) => product.id));
        }
        expect(pages, `${query}, ${limit} a page`).toEqual(whole);
      }
    }
  });

  describe("search", () => {
    it("ranks name matches above description-only matches, newest first within each", async () => {
      expect(names((await list("?search=abaya")).body)).toEqual(["Wool Abaya", "Silk Abaya", "Linen Dress"]);
    });

    it("ranks by whether every word is in the name, not by how often or how short", async () => {
      const fresh = await freshApi();
      try {
        const categoryId = await insertCategory(fresh.db, "Abayas");
        const add = (name: string, description: string, day: number) =>
          insertProduct(fresh.db, { name, description, categoryId, pricePence: 9000, createdAt: `2026-11-0${day}T00:00:00.000Z` });
        await add("Silk Abaya Abaya", "Abaya, abaya.", 1);
        await add("Crepe Wrap Dress", "Worn over an abaya.", 2);
        await add("Open Front Abaya With Embroidered Sleeves And A Matching Belt", "Made with care.", 3);
        await add("Linen Abaya Dress", "Made with care.", 4);
        const search = async (words: string) => names((await fresh.call("GET", `/public/products?search=${words}`)).body);
        expect(await search("abaya")).toEqual([
          "Linen Abaya Dress",
          "Open Front Abaya With Embroidered Sleeves And A Matching Belt",
          "Silk Abaya Abaya",
          "Crepe Wrap Dress",
        ]);
        expect(await search("abaya%20dress")).toEqual(["Linen Abaya Dress", "Crepe Wrap Dress"]);
      } finally {
        await fresh.close();
      }
    });

    it("follows each product's name, search text, status and deletion, and products added together", async () => {
      const fresh = await freshApi();
      try {
        const categoryId = await insertCategory(fresh.db, "Kaftans");
        // Every match fits one page, so the total counts exactly the products shown.
        const search = async (words: string) => {
          const { body } = await fresh.call<{ data: ProductSummaryDto[] }>("GET", `/public/products?search=${words}`);
          expect(body.pagination?.total, words).toBe(body.data.length);
          return names(body);
        };
        const id = await insertProduct(fresh.db, { name: "Amber Kaftan", pricePence: 9000, categoryId });
        const change = (values: { name?: string; search_text?: string; status?: "Active" | "Inactive"; current_price_pence?: number }) =>
          fresh.db.kysely.updateTable("products").set(values).where("id", "=", id).execute();
        expect(await search("amber")).toEqual(["Amber Kaftan"]);

        await change({ name: "Ivory Kaftan" });
        expect(await search("amber")).toEqual([]);
        expect(await search("ivory")).toEqual(["Ivory Kaftan"]);
        await change({ search_text: "Pleated georgette" });
        expect(await search("georgette")).toEqual(["Ivory Kaftan"]);
        await change({ status: "Inactive" });
        expect(await search("ivory")).toEqual([]);
        await change({ name: "Saffron Kaftan" });
        expect(await search("saffron")).toEqual([]);
        await change({ status: "Active" });
        expect(await search("saffron")).toEqual(["Saffron Kaftan"]);
        await change({ current_price_pence: 9500 });
        expect(await search("georgette")).toEqual(["Saffron Kaftan"]);
        await fresh.db.kysely.deleteFrom("products").where("id", "=", id).execute();
        expect(await search("saffron")).toEqual([]);

        const row = (name: string, status: "Active" | "Inactive") => ({
          category_id: categoryId,
          name,
          slug: name.toLowerCase().replace(/\W+/g, "-"),
          sku: name,
          description: "Made with care.",
          current_price_pence: 8000,
          original_price_pence: 8000,
          search_text: "Made with care.",
          fit_required: 0 as const,
          size_mask: 0,
          stock_total: 0,
          status,
          created_at: "2026-11-02T00:00:00.000Z",
          updated_at: "2026-11-02T00:00:00.000Z",
        });
        await fresh.db.kysely
          .insertInto("products")
          .values([row("Onyx Cape", "Active"), row("Onyx Shawl", "Active"), row("Onyx Wrap", "Inactive")])
          .execute();
        expect(await search("onyx")).toEqual(["Onyx Shawl", "Onyx Cape"]);
      } finally {
        await fresh.close();
      }
    });

    it("ranks a name-only match above a description-only match", async () => {
      expect(names((await list("?search=velvet")).body)).toEqual(["Velvet Coat", "Denim Jacket"]);
    });

    it("matches word prefixes, every word, and stemmed plurals", async () => {
      expect(names((await list("?search=aba")).body).sort()).toEqual(["Linen Dress", "Silk Abaya", "Wool Abaya"]);
      expect(names((await list("?search=silk%20aba")).body)).toEqual(["Silk Abaya"]);
      expect(names((await list("?search=dresses")).body).sort()).toEqual(["Chiffon Maxi Dress", "Linen Dress", "Velvet Coat"]);
      expect(names((await list("?search=SILK")).body)).toEqual(["Silk Abaya"]);
      expect((await list("?search=nothingmatchesthis")).body.data).toEqual([]);
    });

    it("combines search with filters, sort and pagination", async () => {
      expect(names((await list(`?search=abaya&stock_status=${encodeURIComponent("In Stock")}`)).body).sort()).toEqual([
        "Linen Dress",
        "Silk Abaya",
      ]);
      const sorted = await list("?search=dress&sort=price_high_low");
      expect(names(sorted.body).sort()).toEqual(["Chiffon Maxi Dress", "Linen Dress", "Velvet Coat"]);
      expect(sorted.body.data.map((p) => p.price)).toEqual([200, 45, 45]);
      // Ties on the sort go by id, as in the listing, not by relevance.
      const listed = names((await list("?sort=price_high_low")).body).filter((name) => names(sorted.body).includes(name));
      expect(names(sorted.body)).toEqual(listed);
      const paged = await list("?search=dress&sort=name_a_z&limit=2&page=2");
      expect(names(paged.body)).toEqual(["Velvet Coat"]);
      expect(paged.body.pagination).toEqual({ total: 3, totalPages: 2, page: 2, limit: 2 });
      const beyond = await list("?search=dress&sort=name_a_z&limit=2&page=3");
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.pagination).toEqual({ total: 3, totalPages: 2, page: 3, limit: 2 });
      const beyondFiltered = await list("?search=dress&size=S&limit=1&page=9");
      expect(beyondFiltered.body.data).toEqual([]);
      expect(beyondFiltered.body.pagination).toMatchObject({ total: 2, totalPages: 2 });
      const beyondPlain = await list("?search=abaya&limit=1&page=4");
      expect(beyondPlain.body.data).toEqual([]);
      expect(beyondPlain.body.pagination).toMatchObject({ total: 3, totalPages: 3 });
      expect((await list("?search=abaya&limit=1&page=3")).body.data).toHaveLength(1);
    });

    it.each([
      '"',
      '"abaya',
      "abaya*",
      "*",
      "OR",
      "silk OR wool",
      "-silk",
      "silk -wool",
      "(abaya",
      "abaya)",
      "NEAR(silk wool)",
      "silk:*",
      "a & b | !c",
      "'; DROP TABLE products; --",
      "\\",
      "%_",
      "^silk",
      "{name}:silk",
      "   ",
    ])("never fails on special characters: %s", async (search) => {
      const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.data)).toBe(true);
    });

    it("answers at most the cap of matches, the newest, with a total and pages that agree", async () => {
      const all = await listProducts(shop.db, { search: "dress", page: 1, limit: 12 });
      const newestIds = all.products.map((product) => product.id).sort((a, b) => b - a);
      for (const query of [
        { search: "dress" },
        { search: "dress", sort: "price_high_low" as const },
        { search: "dress", max_price: 500 },
      ]) {
        const capped = await listProducts(shop.db, { ...query, page: 1, limit: 12 }, { searchMatchCap: 2 });
        expect(capped.pagination, JSON.stringify(query)).toEqual({ total: 2, totalPages: 1, page: 1, limit: 12 });
        expect(capped.products.map((product) => product.id).sort((a, b) => b - a)).toEqual(newestIds.slice(0, 2));
        const second = await listProducts(shop.db, { ...query, page: 2, limit: 1 }, { searchMatchCap: 2 });
        expect(second.products).toHaveLength(1);
        const beyond = await listProducts(shop.db, { ...query, page: 3, limit: 1 }, { searchMatchCap: 2 });
        expect(beyond).toEqual({ products: [], pagination: { total: 2, totalPages: 2, page: 3, limit: 1 } });
      }
    });

    it("filters the capped matches: a match older than the cap is not found by a filter that keeps only it", async () => {
      // "dress" matches Chiffon Maxi Dress, Velvet Coat and Linen Dress, newest first; only Linen Dress comes in M
      // and in Beige, and only it and Chiffon Maxi Dress in S.
      const search = async (query: Omit<ListingQuery, "search" | "page" | "limit">, cap: number, page = 1, limit = 12) => {
        const { products, pagination } = await listProducts(shop.db, { search: "dress", ...query, page, limit }, { searchMatchCap: cap });
        return { names: products.map((product) => product.name), pagination };
      };
      const none = { names: [], pagination: { total: 0, totalPages: 1, page: 1, limit: 12 } };
      for (const filter of [{ size: ["M" as const] }, { color: ["beige"] }, { size: ["M" as const], sort: "price_low_high" as const }]) {
        expect(await search(filter, 2), JSON.stringify(filter)).toEqual(none);
        expect(await search(filter, 3), JSON.stringify(filter)).toEqual({
          names: ["Linen Dress"],
          pagination: { total: 1, totalPages: 1, page: 1, limit: 12 },
        });
      }
      expect(await search({ size: ["S"] }, 2)).toEqual({
        names: ["Chiffon Maxi Dress"],
        pagination: { total: 1, totalPages: 1, page: 1, limit: 12 },
      });
      const bothInS = { total: 2, totalPages: 2, page: 2, limit: 1 };
      expect(await search({ size: ["S"], sort: "name_a_z" }, 3, 2, 1)).toEqual({ names: ["Linen Dress"], pagination: bothInS });
      expect(await search({ size: ["S"], sort: "name_a_z" }, 3, 3, 1)).toEqual({ names: [], pagination: { ...bothInS, page: 3 } });
    });

    it("treats operators as plain words", async () => {
      expect(names((await list(`?search=${encodeURIComponent('"silk" (abaya)')}`)).body)).toEqual(["Silk Abaya"]);
      expect(names((await list(`?search=${encodeURIComponent("silk -abaya")}`)).body)).toEqual(["Silk Abaya"]);
    });
  });

  it("answers the same pages whether it reads along the sort index or through the filter indexes", async () => {
    const queries: ListingQuery[] = [
      { page: 1, limit: 12 },
      { page: 2, limit: 2, sort: "price_low_high", min_price: 25, max_price: 120 },
      { page: 1, limit: 2, sort: "price_high_low", min_price: 25, max_price: 200, size: ["M"], stock_status: ["In Stock"] },
      { page: 1, limit: 3, sort: "most_popular", category: ["Dresses", "kids"], stock_status: ["In Stock"] },
      { page: 1, limit: 12, sort: "name_a_z", size: ["S", "M"], color: ["black", "Beige"], max_price: 200 },
      { page: 1, limit: 12, stock_status: ["Out of Stock"], category: [String(shop.catalogue.categories.abayas)] },
    ];
    for (const query of queries) {
      const throughFilters = await listProducts(shop.db, query, { sortWalkMinMatches: Number.MAX_SAFE_INTEGER });
      const alongSort = await listProducts(shop.db, query, { sortWalkMinMatches: 0 });
      expect(alongSort, JSON.stringify(query)).toEqual(throughFilters);
      expect(throughFilters.products.length).toBeGreaterThan(0);
    }
  });

  it("starts a price-sorted page at the price of its first product, after the matches of the prices before it", () => {
    const byPrice = [
      { price: 2000, products: 3 },
      { price: 3000, products: 2 },
      { price: 4000, products: 4 },
    ];
    expect(pageStart(byPrice, 0, "asc")).toEqual({ price: 2000, before: 0 });
    expect(pageStart(byPrice, 3, "asc")).toEqual({ price: 3000, before: 3 });
    expect(pageStart(byPrice, 8, "asc")).toEqual({ price: 4000, before: 5 });
    expect(pageStart(byPrice, 4, "desc")).toEqual({ price: 3000, before: 4 });
    expect(pageStart(byPrice, 6, "desc")).toEqual({ price: 2000, before: 6 });
    expect(pageStart(byPrice, 9, "asc")).toBeUndefined();
  });

  it("pages a listing of one colour or several sorted by price from the kept counts' price, ties and filters included", async () => {
    const fresh = await freshApi();
    try {
      const categoryId = await insertCategory(fresh.db, "Coords");
      // Cheap products mostly lack the colour, as in a large catalogue; several share each price. Some come in a
      // second colour too (Teal and Sand both, or Ink): a listing of several colours counts each of them once.
      for (let n = 0; n < 24; n++) {
        const colour = n % 3 === 0 ? "Teal" : "Sand";
        const size = n % 2 === 0 ? "M" : "S";
        const second = n % 6 === 1 ? "Teal" : n % 5 === 2 ? "Ink" : undefined;
        const stock = n % 7 === 0 ? 0 : 2;
        await insertProduct(fresh.db, {
          name: `Set ${n}`,
          categoryId,
          pricePence: 2000 + 1000 * Math.floor(n / 5),
          variants: [{ color: n > 12 && n % 4 === 1 ? "teal" : colour, size, stock }, ...(second ? [{ color: second, size, stock }] : [])],
        });
      }
      const queries: Omit<ListingQuery, "page" | "limit">[] = [
        { color: ["TEAL"], sort: "price_low_high" },
        { color: ["teal"], sort: "price_high_low" },
        { color: ["teal"], sort: "price_low_high", size: ["M"], stock_status: ["In Stock"] },
        { color: ["Sand"], sort: "price_high_low", min_price: 30, max_price: 50 },
        { color: ["teal", "INK"], sort: "price_low_high" },
        { color: ["Sand", "teal"], sort: "price_high_low", size: ["M"] },
        { color: ["ink", "Sand", "Violet"], sort: "price_low_high", stock_status: ["In Stock"], max_price: 40 },
      ];
      const everything = (await listProducts(fresh.db, { page: 1, limit: 100 })).products;
      for (const query of queries) {
        const direction = query.sort === "price_low_high" ? 1 : -1;
        const order = everything
          .filter(
            (product) =>
              product.variants.some((variant) =>
                query.color?.some((colour) => colour.toLowerCase() === variant.color_name.toLowerCase()),
              ) &&
              (!query.size || product.variants.some((variant) => variant.size === "M")) &&
              (!query.stock_status || product.stock > 0) &&
              product.current_price >= (query.min_price ?? 0) &&
              product.current_price <= (query.max_price ?? Number.POSITIVE_INFINITY),
          )
          .sort((a, b) => direction * (a.current_price - b.current_price || a.id - b.id))
          .map((product) => product.id);
        expect(order.length, JSON.stringify(query)).toBeGreaterThan(2);
        for (const limit of [1, 2, 5]) {
          for (const sortWalkMinMatches of [0, Number.MAX_SAFE_INTEGER]) {
            const pages = [];
            for (let page = 1; page <= Math.ceil(order.length / limit) + 1; page++) {
              const answer = await listProducts(fresh.db, { ...query, page, limit }, { sortWalkMinMatches });
              expect(answer.pagination.total).toBe(order.length);
              pages.push(...answer.products.map((product) => product.id));
            }
            expect(pages, `${JSON.stringify(query)} limit ${limit}`).toEqual(order);
          }
        }
      }
    } finally {
      await fresh.close();
    }
  });

  it("keeps search in step with renames and status changes", async () => {
    const fresh = await freshApi();
    try {
      const categoryId = await insertCategory(fresh.db, "Coords");
      const id = await insertProduct(fresh.db, { name: "Satin Set", categoryId, pricePence: 5000, status: "Inactive" });
      const search = async (words: string) => names((await fresh.call("GET", `/public/products?search=${words}`)).body);
      const update = (values: { name?: string; status?: "Active" | "Inactive" }) =>
        fresh.db.kysely.updateTable("products").set(values).where("id", "=", id).execute();
      expect(await search("satin")).toEqual([]);
      await update({ status: "Active" });
      expect(await search("satin")).toEqual(["Satin Set"]);
      await update({ name: "Crepe Set" });
      expect(await search("satin")).toEqual([]);
      expect(await search("crepe")).toEqual(["Crepe Set"]);
      await update({ status: "Inactive" });
      expect(await search("crepe")).toEqual([]);
      await update({ status: "Active" });
      await fresh.db.kysely.deleteFrom("products").where("id", "=", id).execute();
      expect(await search("crepe")).toEqual([]);
      expect(await search("coords")).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("keeps the unfiltered total in step with inserts, status changes and deletes", async () => {
    const fresh = await freshApi();
    try {
      const total = async () => (await fresh.call("GET", "/public/products")).body.pagination?.total;
      const counted = async () =>
        Number(
          (
            await fresh.db.kysely
              .selectFrom("products")
              .where("status", "=", "Active")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const categoryId = await insertCategory(fresh.db, "Coords");
      const otherId = await insertCategory(fresh.db, "Knitwear");
      expect(await total()).toBe(0);
      for (const name of ["Satin Set", "Crepe Set", "Linen Set"]) await insertProduct(fresh.db, { name, categoryId, pricePence: 5000 });
      await insertProduct(fresh.db, { name: "Hidden Set", categoryId, pricePence: 5000, status: "Inactive" });
      const jumper = await insertProduct(fresh.db, { name: "Wool Jumper", categoryId: otherId, pricePence: 4000 });
      expect(await total()).toBe(4);
      // Several rows in one statement, some of them already in the state they are set to.
      await fresh.db.kysely.updateTable("products").set({ status: "Inactive" }).where("category_id", "=", categoryId).execute();
      expect(await total()).toBe(1);
      await fresh.db.kysely.updateTable("products").set({ status: "Active", name: "Wool Sweater" }).execute();
      expect(await total()).toBe(5);
      await fresh.db.kysely.updateTable("products").set({ current_price_pence: 4500 }).where("id", "=", jumper).execute();
      expect(await total()).toBe(5);
      await fresh.db.kysely.deleteFrom("products").where("category_id", "=", categoryId).execute();
      expect(await total()).toBe(1);
      expect(await total()).toBe(await counted());
    } finally {
      await fresh.close();
    }
  });

  describe("bad parameters answer 400 with details", () => {
    it.each([
      ["?sort=cheapest", "sort"],
      ["?page=0", "page"],
      ["?page=abc", "page"],
      ["?page=1.5", "page"],
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?min_price=-1", "min_price"],
      ["?max_price=abc", "max_price"],
      ["?size=XXXL", "size.0"],
      ["?size=S,Huge", "size.1"],
      ["?stock_status=Maybe", "stock_status.0"],
      [`?search=${"a".repeat(101)}`, "search"],
    ])("%s", async (query, path) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    });

    it("refuses a minimum price above the maximum", async () => {
      const { status, body } = await list("?min_price=100&max_price=50");
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: "VALIDATION_ERROR",
        details: [{ path: "min_price", message: MSG.catalogue.priceRangeInverted }],
      });
    });
  });
});

describe("GET /public/products/{id}", () => {
  const shop = withCatalogue();

  it("answers the full product with ordered images, fits, variants and texts", async () => {
    const id = shop.catalogue.products.silkAbaya;
    const { status, body } = await shop.call<{ data: ProductDetailDto }>("GET", `/public/products/${id}?t=1732269600000`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      token: encodeProductId(id),
      name: "Silk Abaya",
      description: "Flowing silk for evenings.",
      category_name: "Abayas",
      current_price: 120,
      original_price: 150,
      main_image: "/images/silk-1.jpg",
      default_fit: "Fitted",
      fit_required: true,
      available_fits: [{ value: "Fitted" }, { value: "Relaxed" }, { value: "Oversized" }],
      materials_care: "Care for Silk Abaya",
      delivery_returns: null,
      stock: 6,
      stock_status: "In Stock",
    });
    expect(body.data.images.map((image) => image.url)).toEqual(["/images/silk-1.jpg", "/images/silk-2.jpg", "/images/silk-3.jpg"]);
    expect(body.data.variants.map((v) => `${v.color_name} ${v.size}`)).toEqual(["Black S", "Black M", "Black L", "Navy M"]);
  });

  it("counts each view", async () => {
    const id = shop.catalogue.products.linenDress;
    await shop.call("GET", `/public/products/${id}`);
    await shop.call("GET", `/public/products/${id}`);
    const row = await shop.db.kysely.selectFrom("products").select("view_count").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(2);
  });

  it("answers HEAD as the GET without its body, and counts it as a view (a kept page's replay)", async () => {
    const id = shop.catalogue.products.linenDress;
    const views = async () =>
      (await shop.db.kysely.selectFrom("products").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count;
    const before = await views();
    const response = await shop.app.request(`/api/public/products/${id}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    expect(await views()).toBe(before + 1);
  });

  it("answers 404 for unknown and inactive products", async () => {
    for (const id of [999999, shop.catalogue.products.hiddenAbaya]) {
      const { status, body } = await shop.call("GET", `/public/products/${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe(MSG.catalogue.productNotFound);
    }
  });

  it("answers 400 for ids that are not positive integers", async () => {
    for (const id of ["abc", "0", "-1", "1.5", encodeProductId(1), "99999999999999999999"]) {
      const { status, body } = await shop.call("GET", `/public/products/${id}`);
      expect(status, id).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.details[0].path).toBe("id");
    }
  });
});

describe("GET /public/products/bulk", () => {
  const shop = withCatalogue();

  it("answers unique active products in the order asked, unknown and inactive ids absent", async () => {
    const { silkAbaya, denimJacket, hiddenAbaya } = shop.catalogue.products;
    const { status, body } = await shop.call<{ data: ProductSummaryDto[] }>(
      "GET",
      `/public/products/bulk?ids=${denimJacket},${silkAbaya},${denimJacket},999999,${hiddenAbaya}`,
    );
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Denim Jacket", "Silk Abaya"]);
    expect(body.data[1].variants).toHaveLength(4);
  });

  it("takes at most 100 distinct ids", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect((await shop.call("GET", `/public/products/bulk?ids=${[...hundred, ...hundred].join(",")}`)).status).toBe(200);
    const { status, body } = await shop.call("GET", `/public/products/bulk?ids=${[...hundred, 101].join(",")}`);
    expect(status).toBe(400);
    expect(body.error.details[0].path).toBe("ids");
  });

  it.each(["", "?ids=", "?ids=abc", "?ids=1,x", "?ids=0", "?ids=-2"])("refuses %s", async (query) => {
    const { status, body } = await shop.call("GET", `/public/products/bulk${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /public/products/latest", () => {
  const shop = withCatalogue();

  it("answers the newest in-stock products first, then out-of-stock ones", async () => {
    const { body } = await shop.call("GET", "/public/products/latest");
    expect(names(body)).toEqual([
      "Denim Jacket",
      "Chiffon Maxi Dress",
      "Cotton Kids Set",
      "Linen Dress",
      "Silk Abaya",
      "Wool Abaya",
      "Velvet Coat",
    ]);
    expect(names((await shop.call("GET", "/public/products/latest?limit=2")).body)).toEqual(["Denim Jacket", "Chiffon Maxi Dress"]);
  });

  it.each(["0", "51", "x"])("refuses limit=%s", async (limit) => {
    const { status, body } = await shop.call("GET", `/public/products/latest?limit=${limit}`);
    expect(status).toBe(400);
    expect(body.error.details[0].path).toBe("limit");
  });
});

describe("GET /public/products/recommended", () => {
  const shop = withCatalogue();

  it("prefers the product's category, in stock, excluding the product", async () => {
    const { linenDress } = shop.catalogue.products;
    const { body } = await shop.call("GET", `/public/products/recommended?product_id=${linenDress}`);
    expect(names(body)).toEqual(["Chiffon Maxi Dress", "Cotton Kids Set", "Silk Abaya", "Denim Jacket", "Velvet Coat", "Wool Abaya"]);
    expect(names((await shop.call("GET", `/public/products/recommended?product_id=${linenDress}&limit=4`)).body)).toEqual([
      "Chiffon Maxi Dress",
      "Cotton Kids Set",
      "Silk Abaya",
      "Denim Jacket",
    ]);
  });

  it("answers best sellers without a product, 8 by default", async () => {
    const { body } = await shop.call("GET", "/public/products/recommended");
    expect(names(body)).toEqual([
      "Chiffon Maxi Dress",
      "Cotton Kids Set",
      "Silk Abaya",
      "Denim Jacket",
      "Linen Dress",
      "Velvet Coat",
      "Wool Abaya",
    ]);
  });

  it("refuses a bad product_id or limit", async () => {
    for (const query of ["?product_id=abc", "?product_id=0", "?limit=51"]) {
      const { status, body } = await shop.call("GET", `/public/products/recommended${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("GET /public/products/trending", () => {
  const shop = withCatalogue();

  beforeAll(async () => {
    const { silkAbaya, linenDress, denimJacket, woolAbaya, cottonKidsSet } = shop.catalogue.products;
    const userId = await insertUser(shop.db);
    // Within 30 days of the test clock (2026-11-22): 3 Linen Dress and 1 Denim Jacket count.
    await insertOrder(shop.db, {
      userId,
      createdAt: "2026-11-20T12:00:00.000Z",
      status: "delivered",
      items: [
        { productId: linenDress, quantity: 3 },
        { productId: denimJacket, quantity: 1 },
      ],
    });
    // Cancelled, too old, or out of stock: these never count.
    await insertOrder(shop.db, {
      userId,
      createdAt: "2026-11-21T12:00:00.000Z",
      status: "cancelled",
      items: [{ productId: cottonKidsSet, quantity: 90 }],
    });
    await insertOrder(shop.db, {
      userId,
      createdAt: "2026-09-01T12:00:00.000Z",
      status: "delivered",
      items: [{ productId: cottonKidsSet, quantity: 90 }],
    });
    await insertOrder(shop.db, {
      userId,
      createdAt: "2026-11-20T12:00:00.000Z",
      status: "pending",
      items: [{ productId: woolAbaya, quantity: 90 }],
    });
    await shop.db.kysely.updateTable("products").set({ view_count: 25 }).where("id", "=", silkAbaya).execute();
  });

  it("ranks recent units sold above views, padded with the newest in-stock products", async () => {
    // Linen 3 units = 30, Silk 25 views, Denim 1 unit = 10; then newest in stock: Chiffon.
    const { status, body } = await shop.call("GET", "/public/products/trending");
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Linen Dress", "Silk Abaya", "Denim Jacket", "Chiffon Maxi Dress"]);
  });

  it("is never short while the shop has enough in-stock products, and never lists out-of-stock ones", async () => {
    const { body } = await shop.call("GET", "/public/products/trending?limit=50");
    expect(names(body)).toEqual(["Linen Dress", "Silk Abaya", "Denim Jacket", "Chiffon Maxi Dress", "Cotton Kids Set"]);
  });

  it("comes back full from the newest in-stock products when there are no signals", async () => {
    const fresh = await freshApi();
    try {
      const categoryId = await insertCategory(fresh.db, "Mini");
      for (const [index, name] of ["One", "Two", "Three", "Four", "Five", "Six"].entries()) {
        await insertProduct(fresh.db, {
          name,
          categoryId,
          pricePence: 1000,
          variants: [{ color: "Red", size: "S", stock: name === "Six" ? 0 : 1 }],
          createdAt: `2026-11-0${index + 1}T00:00:00.000Z`,
        });
      }
      expect(names((await fresh.call("GET", "/public/products/trending")).body)).toEqual(["Five", "Four", "Three", "Two"]);
    } finally {
      await fresh.close();
    }
  });
});
