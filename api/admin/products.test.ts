import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue } from "#api/catalogue/testing-fixtures.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { waitForALockWait } from "#api/testing/locks.ts";
import { ADMIN_CATALOGUE, OPERATOR_LIMITS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let token: string;
let shop: Awaited<ReturnType<typeof insertCatalogue>>;
beforeEach(async () => {
  api = await freshApi();
  shop = await insertCatalogue(api.db);
  token = (await createSignedInUser(api, { role: "operator" })).token;
});
afterEach(() => api.close());

const auditRows = () => api.db.kysely.selectFrom("audit_log").selectAll().orderBy("id").execute();
const generation = async () =>
  Number((await api.db.kysely.selectFrom("catalogue_generation").select("generation").executeTakeFirstOrThrow()).generation);
const detailsOf = (body: { error?: { details?: { path: string; message: string }[] } }) =>
  Object.fromEntries((body.error?.details ?? []).map((detail) => [detail.path, detail.message]));

describe("GET /admin/products", () => {
  it("finds products by name or SKU, case aside, with LIKE's wildcards taken literally", async () => {
    const byName = await api.call("GET", "/admin/products?q=aBaYa", { token });
    expect(byName.status).toBe(200);
    expect(byName.body.data.products.map((product: { name: string }) => product.name)).toEqual([
      "Hidden Abaya",
      "Silk Abaya",
      "Wool Abaya",
    ]);
    expect(byName.body.pagination).toMatchObject({ total: 3, page: 1, limit: ADMIN_CATALOGUE.pageSize });

    const { sku } = await api.db.kysely
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "=", shop.products.linenDress)
      .executeTakeFirstOrThrow();
    const byVariantSku = await api.call("GET", `/admin/products?q=${encodeURIComponent(sku.toLowerCase())}`, { token });
    expect(byVariantSku.body.data.products).toEqual([
      { id: shop.products.linenDress, name: "Linen Dress", sku: expect.any(String), active: true, price: 45, stock_total: 8 },
    ]);
    expect((await api.call("GET", "/admin/products?q=%25", { token })).body.data.products).toEqual([]);
  });

  it("pages the whole catalogue, inactive products included", async () => {
    const all = await api.call("GET", "/admin/products?page=1", { token });
    expect(all.body.data.products).toHaveLength(8);
    expect(all.body.data.products.find((product: { name: string }) => product.name === "Hidden Abaya")).toMatchObject({ active: false });
    expect((await api.call("GET", "/admin/products?page=2", { token })).body.data.products).toEqual([]);
  });

  it("refuses a forged query with 400", async () => {
    expect((await api.call("GET", "/admin/products?page=0", { token })).status).toBe(400);
    expect((await api.call("GET", `/admin/products?q=${"x".repeat(ADMIN_CATALOGUE.searchMax + 1)}`, { token })).status).toBe(400);
  });
});

describe("PUT /admin/products/:id", () => {
  const variantsOf = (id: number) =>
    api.db.kysely.selectFrom("product_variants").select(["id", "sku", "stock"]).where("product_id", "=", id).orderBy("id").execute();

  it("sets the prices, active and final-sale flags and stock, recomputes the total, raises the generation and audits before and after", async () => {
    const id = shop.products.linenDress;
    const [first, second] = await variantsOf(id);
    const before = await generation();
    expect((await api.call("GET", `/admin/products/${id}`, { token })).body.data).toMatchObject({ final_sale: false });
    const saved = await api.call("PUT", `/admin/products/${id}`, {
      token,
      body: { price: 39.5, original_price: 45, active: false, final_sale: true, variants: [{ id: first?.id, stock: 7 }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MSG.adminCatalogue.productUpdated);
    expect(saved.body.data).toMatchObject({
      price: 39.5,
      original_price: 45,
      active: false,
      final_sale: true,
      stock_total: 7 + (second?.stock ?? 0),
    });
    const row = await api.db.kysely
      .selectFrom("products")
      .select(["current_price_pence", "original_price_pence", "status", "final_sale", "stock_total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_price_pence: 3950, original_price_pence: 4500, status: "Inactive", final_sale: 1, stock_total: 11 });
    expect(await generation()).toBeGreaterThan(before);

    const [audit, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: "product.update", actor_email: expect.stringContaining("@") });
    expect(JSON.parse(audit?.before_json ?? "")).toEqual({
      price: 45,
      original_price: 45,
      active: true,
      final_sale: false,
      stock: { [first?.sku as string]: 4, [second?.sku as string]: 4 },
    });
    expect(JSON.parse(audit?.after_json ?? "")).toMatchObject({
      price: 39.5,
      active: false,
      final_sale: true,
      stock: { [first?.sku as string]: 7 },
    });
  });

  it("shows the new price and the final-sale flag to shoppers at once, and clears the flag when the box is left unticked", async () => {
    const id = shop.products.linenDress;
    const put = (body: object) =>
      api.call("PUT", `/admin/products/${id}`, { token, body: { original_price: 12.34, variants: [], ...body } });
    await put({ price: 12.34, active: true, final_sale: true });
    expect((await api.call("GET", `/public/products/${id}`)).body.data).toMatchObject({ current_price: 12.34, final_sale: true });
    // An unticked checkbox posts nothing: the flag goes off.
    await put({ price: 12, active: "on" });
    expect((await api.call("GET", `/public/products/${id}`)).body.data).toMatchObject({ current_price: 12, final_sale: false });
  });

  it("answers 400 with the field for bad prices, stock and another product's variant, changing nothing", async () => {
    const id = shop.products.linenDress;
    const [stranger] = await variantsOf(shop.products.silkAbaya);
    const put = (body: unknown) => api.call("PUT", `/admin/products/${id}`, { token, body });
    const belowPrice = await put({ price: 50, original_price: 40, active: true, variants: [] });
    expect(belowPrice.status).toBe(400);
    expect(detailsOf(belowPrice.body)).toEqual({ original_price: MSG.adminCatalogue.originalBelowPrice });
    const bad = await put({ price: 1.234, original_price: OPERATOR_LIMITS.gbp + 1, active: true, variants: [{ id: 1, stock: -1 }] });
    expect(detailsOf(bad.body)).toEqual({
      price: MSG.adminCatalogue.priceInvalid,
      original_price: MSG.adminCatalogue.priceTooHigh(OPERATOR_LIMITS.gbp),
      "variants.0.stock": MSG.adminCatalogue.stockInvalid(OPERATOR_LIMITS.stock),
    });
    const foreign = await put({ price: 10, original_price: 10, active: true, variants: [{ id: stranger?.id, stock: 1 }] });
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign.body)).toEqual({ "variants.0.id": MSG.adminCatalogue.unknownVariant });
    expect((await put("not an object")).status).toBe(400);
    expect(
      (await api.call("PUT", "/admin/products/999999", { token, body: { price: 1, original_price: 1, active: true, variants: [] } }))
        .status,
    ).toBe(404);
    expect((await api.call("PUT", "/admin/products/1e3", { token, body: {} })).status).toBe(400);
    expect(await auditRows()).toEqual([]);
  });

  if (process.env.TEST_PG_ADMIN_URL) {
    it("saves a product while a checkout holds its variant and then waits on the product: the save loses the deadlock and runs again", async () => {
      const id = shop.products.linenDress;
      const [first] = await variantsOf(id);
      let save: Promise<{ status: number }> | undefined;
      // A checkout's order: the variants, then their products.
      await api.db.kysely.transaction().execute(async (trx) => {
        await trx
          .selectFrom("product_variants")
          .select("id")
          .where("id", "=", first?.id ?? 0)
          .forUpdate()
          .execute();
        save = api.call("PUT", `/admin/products/${id}`, {
          token,
          body: { price: 39.5, original_price: 45, active: true, variants: [{ id: first?.id, stock: 9 }] },
        });
        await waitForALockWait(api.db);
        await trx.selectFrom("products").select("id").where("id", "=", id).forUpdate().execute();
      });
      expect((await save)?.status).toBe(200);
      const saved = await api.db.kysely.selectFrom("products").select("current_price_pence").where("id", "=", id).executeTakeFirstOrThrow();
      expect(saved.current_price_pence).toBe(3950);
      expect((await variantsOf(id))[0]?.stock).toBe(9);
      expect((await auditRows()).map((row) => row.action)).toEqual(["product.update"]);
    });
  }
});

describe("POST /admin/products/import", () => {
  const product = (sku: string) => ({
    sku,
    name: `Import ${sku}`,
    category: "Abayas",
    description: "Imported.",
    price: 80,
    variants: [{ sku: `${sku}-M`, color: "Black", colorCode: "#000000", size: "M", stock: 3 }],
  });

  it("adds every product of the file, raises the generation and audits the SKUs", async () => {
    const before = await generation();
    const imported = await api.call("POST", "/admin/products/import", { token, body: { products: [product("IMP1"), product("IMP2")] } });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ data: { imported: 2 }, message: MSG.adminCatalogue.imported(2) });
    expect(await generation()).toBeGreaterThan(before);
    const [audit] = await auditRows();
    expect(audit).toMatchObject({ action: "products.import", before_json: null });
    expect(JSON.parse(audit?.after_json ?? "")).toEqual({ skus: ["IMP1", "IMP2"] });
  });

  it("marks the products the file says are final sale, and only those", async () => {
    const body = { products: [{ ...product("IMP1"), finalSale: true }, product("IMP2")] };
    expect((await api.call("POST", "/admin/products/import", { token, body })).status).toBe(201);
    const rows = await api.db.kysely
      .selectFrom("products")
      .select(["sku", "final_sale"])
      .where("sku", "in", ["IMP1", "IMP2"])
      .orderBy("sku")
      .execute();
    expect(rows).toEqual([
      { sku: "IMP1", final_sale: 1 },
      { sku: "IMP2", final_sale: 0 },
    ]);
    const refused = await api.call("POST", "/admin/products/import", {
      token,
      body: { products: [{ ...product("IMP3"), finalSale: "yes" }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: "file", message: expect.stringMatching(/^products\.0\.finalSale:/) }]);
  });

  it("lists every problem at once and imports nothing", async () => {
    const broken = { ...product("IMP1"), category: "No Such", price: -1 };
    const refused = await api.call("POST", "/admin/products/import", { token, body: { products: [broken, product("IMP1")] } });
    expect(refused.status).toBe(400);
    const problems = (refused.body.error.details as { path: string; message: string }[]).map((detail) => detail.message);
    expect(refused.body.error.message).toBe(MSG.adminCatalogue.importFailed(problems.length));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^products\.0\.price:/),
        expect.stringContaining('no category named "No Such"'),
        expect.stringContaining("appears more than once"),
      ]),
    );
    expect(await api.db.kysely.selectFrom("products").select("id").where("sku", "=", "IMP1").execute()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it.each([
    ["a script", "javascript:alert(document.cookie)"],
    ["a script, spaced and cased", "  JavaScript:alert(1)"],
    ["inline data", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["plain http", "http://cdn.example/dress.jpg"],
    ["another host without a scheme", "//evil.example/dress.jpg"],
    ["another host behind a backslash", "/\\evil.example/dress.jpg"],
    ["a relative path", "images/dress.jpg"],
  ])("refuses an image address that is %s, for a product and a colour, and imports nothing", async (_what, address) => {
    const withImages = {
      ...product("IMP1"),
      images: [{ url: address, alt: "Dress" }],
      variants: [{ ...product("IMP1").variants[0], colorImage: address }],
    };
    const refused = await api.call("POST", "/admin/products/import", { token, body: { products: [withImages] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: "file", message: `products.0.images.0.url: ${MSG.adminCatalogue.imageAddressInvalid}` },
      { path: "file", message: `products.0.variants.0.colorImage: ${MSG.adminCatalogue.imageAddressInvalid}` },
    ]);
    expect(await api.db.kysely.selectFrom("products").select("id").where("sku", "=", "IMP1").execute()).toEqual([]);
  });

  it("takes https image addresses and the shop's own paths", async () => {
    const withImages = {
      ...product("IMP1"),
      images: [
        { url: "https://cdn.example/dress.jpg", alt: "Dress" },
        { url: "/images/products/dress.svg", alt: "Dress, back" },
      ],
      variants: [{ ...product("IMP1").variants[0], colorImage: "/images/products/dress-black.svg" }],
    };
    expect((await api.call("POST", "/admin/products/import", { token, body: { products: [withImages] } })).status).toBe(201);
    const stored = await api.db.kysely
      .selectFrom("product_images")
      .innerJoin("products", "products.id", "product_images.product_id")
      .select("product_images.url")
      .where("products.sku", "=", "IMP1")
      .orderBy("product_images.position")
      .execute();
    expect(stored.map((row) => row.url)).toEqual(["https://cdn.example/dress.jpg", "/images/products/dress.svg"]);
  });

  it("refuses a body that is not a JSON object, and one over the size limit", async () => {
    expect((await api.call("POST", "/admin/products/import", { token, body: [product("IMP1")] })).status).toBe(400);
    const malformed = await api.app.request("/api/admin/products/import", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    const huge = { products: [{ ...product("IMP1"), description: "x".repeat(70 * 1024) }] };
    expect((await api.call("POST", "/admin/products/import", { token, body: huge })).status).toBe(413);
  });
});

describe("who may use the product endpoints", () => {
  it("answers 401 to guests and 403 to shoppers", async () => {
    const shopper = await createSignedInUser(api);
    expect((await api.call("GET", "/admin/products")).status).toBe(401);
    expect((await api.call("GET", "/admin/products", { token: shopper.token })).status).toBe(403);
    expect((await api.call("POST", "/admin/products/import", { token: shopper.token, body: { products: [] } })).status).toBe(403);
  });
});
