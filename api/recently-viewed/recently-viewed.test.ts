import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "#api/catalogue/testing-fixtures.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { RECENTLY_VIEWED_LIMIT } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { encodeProductId } from "#contract/product-id.ts";

let api: FreshApi;
let products: number[];
let retired: number;
beforeEach(async () => {
  api = await freshApi();
  const category = await insertCategory(api.db, "Abayas");
  products = [];
  for (const [index, name] of ["Silk Abaya", "Linen Dress", "Chiffon Maxi", "Cotton Set", "Velvet Coat"].entries()) {
    products.push(
      await insertProduct(api.db, { name, categoryId: category, pricePence: 1000 * (index + 1), images: [`/images/${index}.jpg`] }),
    );
  }
  retired = await insertProduct(api.db, { name: "Old Kaftan", categoryId: category, pricePence: 3000, status: "Inactive" });
});
afterEach(() => api.close());

const view = (token: string, productId: unknown) => api.call("POST", "/public/recently-viewed", { token, body: { product_id: productId } });
const ids = async (token: string) =>
  ((await api.call("GET", "/public/recently-viewed", { token })).body.data as { product_id: number }[]).map((item) => item.product_id);
const storedRows = (userId: number) => api.db.kysely.selectFrom("recently_viewed").selectAll().where("user_id", "=", userId).execute();

describe("recently viewed", () => {
  it("records a view and lists it in the contract's shape", async () => {
    const { token } = await createSignedInUser(api);
    const recorded = await view(token, products[1]);
    expect(recorded).toEqual({
      status: 200,
      body: {
        success: true,
        message: MSG.recentlyViewed.recorded,
        data: { product_id: products[1], viewed_at: api.clock.now().toISOString() },
      },
    });
    const listed = await api.call("GET", "/public/recently-viewed", { token });
    expect(listed.body).toEqual({
      success: true,
      message: MSG.recentlyViewed.fetched,
      data: [
        {
          id: products[1],
          product_id: products[1],
          product_name: "Linen Dress",
          name: "Linen Dress",
          image_url: "/images/1.jpg",
          image: "/images/1.jpg",
          price: 20,
          token: encodeProductId(products[1]),
          viewed_at: api.clock.now().toISOString(),
        },
      ],
    });
  });

  it("keeps only the most recent views, newest first", async () => {
    const { token, user } = await createSignedInUser(api);
    for (const id of products) {
      await view(token, id);
      api.clock.advance(1000);
    }
    expect(RECENTLY_VIEWED_LIMIT).toBe(3);
    expect(await ids(token)).toEqual([products[4], products[3], products[2]]);
    // Trimmed in the database too, not only in the answer.
    expect(await storedRows(user.id)).toHaveLength(RECENTLY_VIEWED_LIMIT);
  });

  it("moves a product viewed again to the front without repeating it", async () => {
    const { token } = await createSignedInUser(api);
    for (const id of products.slice(0, 3)) {
      await view(token, id);
      api.clock.advance(1000);
    }
    await view(token, products[0]);
    expect(await ids(token)).toEqual([products[0], products[2], products[1]]);
  });

  it("puts the newest view first even within the same millisecond", async () => {
    const { token, user } = await createSignedInUser(api);
    for (const id of [products[0], products[1], products[2], products[1], products[3]]) await view(token, id);
    expect(await ids(token)).toEqual([products[3], products[1], products[2]]);
    expect(await storedRows(user.id)).toHaveLength(3);
  });

  it("refuses an unknown or inactive product with 404 and a bad id with 400, changing nothing", async () => {
    const { token, user } = await createSignedInUser(api);
    await view(token, products[0]);
    for (const productId of [999_999, retired]) {
      const { status, body } = await view(token, productId);
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, message: MSG.catalogue.productNotFound });
    }
    expect((await view(token, "abc")).body.error.code).toBe("VALIDATION_ERROR");
    expect((await api.call("POST", "/public/recently-viewed", { token, body: {} })).status).toBe(400);
    expect(await ids(token)).toEqual([products[0]]);
    expect(await storedRows(user.id)).toHaveLength(1);
  });

  it("keeps each user's list their own (authorization matrix)", async () => {
    const a = await createSignedInUser(api);
    const b = await createSignedInUser(api);
    await view(a.token, products[0]);
    expect(await ids(b.token)).toEqual([]);
    for (const id of products) await view(b.token, id);
    expect(await ids(a.token)).toEqual([products[0]]);
    expect(await ids(b.token)).toEqual([products[4], products[3], products[2]]);
  });

  it("clears the shopper's own list only, twice without harm", async () => {
    const a = await createSignedInUser(api);
    const b = await createSignedInUser(api);
    await view(a.token, products[0]);
    await view(a.token, products[1]);
    await view(b.token, products[2]);
    for (let time = 0; time < 2; time++) {
      const cleared = await api.call("DELETE", "/public/recently-viewed", { token: a.token });
      expect(cleared).toMatchObject({ status: 200, body: { success: true, message: MSG.recentlyViewed.cleared, data: null } });
    }
    expect(await ids(a.token)).toEqual([]);
    expect(await ids(b.token)).toEqual([products[2]]);
    expect((await api.call("DELETE", "/public/recently-viewed")).status).toBe(401);
  });

  it("requires a signed-in, verified user", async () => {
    const unverified = await createSignedInUser(api, { verified: false });
    for (const [method, body] of [["GET"], ["POST", { product_id: products[0] }]] as const) {
      const anonymous = await api.call(method, "/public/recently-viewed", { body });
      expect(anonymous).toMatchObject({ status: 401, body: { success: false, message: MSG.auth.authRequired } });
      expect((await api.call(method, "/public/recently-viewed", { body, token: "not-a-real-token" })).status).toBe(401);
      const pending = await api.call(method, "/public/recently-viewed", { body, token: unverified.token });
      expect(pending).toMatchObject({ status: 401, body: { needsVerification: true } });
    }
    expect(await api.db.kysely.selectFrom("recently_viewed").selectAll().execute()).toEqual([]);
  });
});
