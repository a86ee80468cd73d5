import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "#api/catalogue/testing-fixtures.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";

let api: FreshApi;
let abaya: number;
let dress: number;
let retired: number;
beforeEach(async () => {
  api = await freshApi();
  const abayas = await insertCategory(api.db, "Abayas");
  abaya = await insertProduct(api.db, {
    name: "Silk Abaya",
    categoryId: abayas,
    pricePence: 12000,
    originalPricePence: 15000,
    images: ["/images/silk-1.jpg", "/images/silk-2.jpg"],
    variants: [{ color: "Black", size: "M", stock: 3 }],
  });
  dress = await insertProduct(api.db, { name: "Linen Dress", categoryId: abayas, pricePence: 4500 });
  retired = await insertProduct(api.db, { name: "Old Kaftan", categoryId: abayas, pricePence: 3000, status: "Inactive" });
});
afterEach(() => api.close());

const add = (token: string, productId: unknown) => api.call("POST", "/public/wishlist", { token, body: { product_id: productId } });
const list = async (token: string) => (await api.call("GET", "/public/wishlist", { token })).body.data as { product_id: number }[];
const ids = async (token: string) => (await list(token)).map((entry) => entry.product_id);

describe("wishlist", () => {
  it("adds a product (201) and lists it in the contract's shape", async () => {
    const { token } = await createSignedInUser(api);
    const added = await add(token, abaya);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ success: true, message: MSG.wishlist.added, data: { product_name: "Silk Abaya" } });

    const listed = await api.call("GET", "/public/wishlist", { token });
    expect(listed.body).toMatchObject({ success: true, message: MSG.wishlist.fetched });
    expect(listed.body.data).toEqual([
      {
        id: abaya,
        product_id: abaya,
        product_name: "Silk Abaya",
        name: "Silk Abaya",
        image_url: "/images/silk-1.jpg",
        image: "/images/silk-1.jpg",
        price: 120,
        original_price: 150,
        stock_status: "In Stock",
        category_name: "Abayas",
        category: "Abayas",
        sku: expect.any(String),
        token: encodeProductId(abaya),
        added_at: api.clock.now().toISOString(),
      },
    ]);
    expect(listed.body.data[0]).toEqual(added.body.data);
  });

  it("answers 200 with the same shape when the product is already there, keeping one entry", async () => {
    const { token } = await createSignedInUser(api);
    const first = await add(token, abaya);
    api.clock.advance(60_000);
    const again = await add(token, String(abaya));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: MSG.wishlist.alreadyAdded });
    expect(again.body.data).toEqual(first.body.data);
    expect(await ids(token)).toEqual([abaya]);
  });

  it("lists the most recently added first and shows an out-of-stock product as such", async () => {
    const { token } = await createSignedInUser(api);
    await add(token, abaya);
    api.clock.advance(1000);
    await add(token, dress);
    const entries = await list(token);
    expect(entries.map((entry) => entry.product_id)).toEqual([dress, abaya]);
    expect(entries[0]).toMatchObject({ stock_status: "Out of Stock", original_price: 45, price: 45 });
  });

  it("refuses an unknown or inactive product with 404, and a bad id with 400", async () => {
    const { token } = await createSignedInUser(api);
    for (const productId of [999_999, retired]) {
      const { status, body } = await add(token, productId);
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, message: MSG.catalogue.productNotFound, error: { code: "NOT_FOUND" } });
    }
    for (const productId of ["abc", -1, 0, 1.5, null]) {
      const { status, body } = await add(token, productId);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: "VALIDATION_ERROR", details: [expect.objectContaining({ path: "product_id" })] });
    }
    expect(await ids(token)).toEqual([]);
  });

  it("hides a wishlisted product once it is taken off sale, but still lets it be removed", async () => {
    const { token } = await createSignedInUser(api);
    await add(token, dress);
    await api.db.kysely.updateTable("products").set({ status: "Inactive" }).where("id", "=", dress).execute();
    expect(await ids(token)).toEqual([]);
    expect((await api.call("DELETE", `/public/wishlist/${dress}`, { token })).status).toBe(200);
  });

  it("removes a product with its name, and answers 404 when it is not in the list", async () => {
    const { token } = await createSignedInUser(api);
    await add(token, abaya);
    await add(token, dress);
    const removed = await api.call("DELETE", `/public/wishlist/${abaya}`, { token });
    expect(removed).toEqual({
      status: 200,
      body: { success: true, message: MSG.wishlist.removed, data: { product_id: abaya, product_name: "Silk Abaya" } },
    });
    expect(await ids(token)).toEqual([dress]);

    const again = await api.call("DELETE", `/public/wishlist/${abaya}`, { token });
    expect(again).toMatchObject({ status: 404, body: { success: false, message: MSG.wishlist.notInList } });
    expect((await api.call("DELETE", "/public/wishlist/abc", { token })).status).toBe(400);
  });

  it("keeps each user's wishlist their own (authorization matrix)", async () => {
    const a = await createSignedInUser(api);
    const b = await createSignedInUser(api);
    await add(a.token, abaya);

    // B sees nothing of A's, cannot remove A's entry, and B's own add does not touch A's list.
    expect(await ids(b.token)).toEqual([]);
    const steal = await api.call("DELETE", `/public/wishlist/${abaya}`, { token: b.token });
    expect(steal.status).toBe(404);
    expect(steal).toEqual(await api.call("DELETE", "/public/wishlist/999999", { token: b.token }));
    expect(await ids(a.token)).toEqual([abaya]);

    await add(b.token, dress);
    await api.call("DELETE", `/public/wishlist/${dress}`, { token: a.token });
    expect(await ids(a.token)).toEqual([abaya]);
    expect(await ids(b.token)).toEqual([dress]);
  });

  it("requires a signed-in, verified user", async () => {
    const calls: [string, string, object?][] = [
      ["GET", "/public/wishlist"],
      ["POST", "/public/wishlist", { product_id: abaya }],
      ["DELETE", `/public/wishlist/${abaya}`],
    ];
    const unverified = await createSignedInUser(api, { verified: false });
    for (const [method, path, body] of calls) {
      const anonymous = await api.call(method, path, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, message: MSG.auth.authRequired });
      const revoked = await api.call(method, path, { body, token: "not-a-real-token" });
      expect(revoked.status).toBe(401);
      const pending = await api.call(method, path, { body, token: unverified.token });
      expect(pending.status).toBe(401);
      expect(pending.body).toMatchObject({ needsVerification: true, email: unverified.user.email });
    }
    expect(await api.db.kysely.selectFrom("wishlist_items").selectAll().execute()).toEqual([]);
  });
});
