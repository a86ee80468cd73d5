import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { createReview } from "#api/reviews/reviews.service.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
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

/** A delivered order's review of `productId`, written a minute after the one before. */
async function reviewOf(productId: number, rating: number, comment: string) {
  const userId = await insertUser(api.db);
  const orderId = await insertOrder(api.db, {
    userId,
    createdAt: "2026-11-01T00:00:00.000Z",
    status: "delivered",
    items: [{ productId, quantity: 1 }],
  });
  api.clock.advance(60_000);
  return (await createReview(api.db, api.clock, userId, { product_id: productId, order_id: orderId, rating, comment })).id;
}

const publicReviews = async (productId: number) => (await api.call("GET", `/public/products/${productId}/reviews`)).body.data;
const auditRows = () => api.db.kysely.selectFrom("audit_log").selectAll().orderBy("id").execute();

describe("back office reviews", () => {
  it("lists every review newest first, of one product when asked", async () => {
    const older = await reviewOf(shop.products.silkAbaya, 5, "Lovely");
    const newer = await reviewOf(shop.products.linenDress, 2, "Thin");
    const all = await api.call("GET", "/admin/reviews", { token });
    expect(all.status).toBe(200);
    expect(all.body.data.reviews.map((review: { id: number }) => review.id)).toEqual([newer, older]);
    expect(all.body.data.reviews[0]).toMatchObject({ product_name: "Linen Dress", rating: 2, comment: "Thin", hidden_at: null });
    const one = await api.call("GET", `/admin/reviews?product=${shop.products.silkAbaya}`, { token });
    expect(one.body.data.reviews.map((review: { id: number }) => review.id)).toEqual([older]);
    expect(one.body.pagination).toMatchObject({ total: 1 });
    expect((await api.call("GET", "/admin/reviews?product=abc", { token })).status).toBe(400);
  });

  it("hides a review from the public list, count and rating, and shows it again, auditing each change once", async () => {
    const product = shop.products.silkAbaya;
    await reviewOf(product, 5, "Lovely");
    const unkind = await reviewOf(product, 1, "Rude words");
    expect(await publicReviews(product)).toMatchObject({ total_reviews: 2, average_rating: 3 });

    const hidden = await api.call("POST", `/admin/reviews/${unkind}/hide`, { token });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ message: MSG.adminCatalogue.reviewHidden, data: { id: unkind, hidden_at: expect.any(String) } });
    expect((await api.call("POST", `/admin/reviews/${unkind}/hide`, { token })).status).toBe(200);
    const shown = await publicReviews(product);
    expect(shown).toMatchObject({ total_reviews: 1, average_rating: 5, distribution: { 1: 0, 5: 1 } });
    expect(shown.reviews.map((review: { id: number }) => review.id)).not.toContain(unkind);
    expect((await api.call("GET", `/public/products/${product}`)).body.data).toMatchObject({ review_count: 1, average_rating: 5 });

    await api.call("POST", `/admin/reviews/${unkind}/unhide`, { token });
    expect(await publicReviews(product)).toMatchObject({ total_reviews: 2, average_rating: 3 });
    const audits = await auditRows();
    expect(audits.map((row) => [row.action, row.subject])).toEqual([
      ["review.hide", `review ${unkind}`],
      ["review.unhide", `review ${unkind}`],
    ]);
    expect(JSON.parse(audits[0]?.before_json ?? "")).toEqual({ hidden_at: null });
  });

  it("keeps a hidden review out of the rating when its author edits it", async () => {
    const product = shop.products.silkAbaya;
    const userId = await insertUser(api.db);
    const orderId = await insertOrder(api.db, {
      userId,
      createdAt: "2026-11-01T00:00:00.000Z",
      status: "delivered",
      items: [{ productId: product, quantity: 1 }],
    });
    const { id } = await createReview(api.db, api.clock, userId, { product_id: product, order_id: orderId, rating: 1, comment: null });
    await api.call("POST", `/admin/reviews/${id}/hide`, { token });
    const { updateReview } = await import("#api/reviews/reviews.service.ts");
    await updateReview(api.db, api.clock, userId, id, { rating: 5, comment: null });
    expect(await publicReviews(product)).toMatchObject({ total_reviews: 0, average_rating: 0 });
    await api.call("POST", `/admin/reviews/${id}/unhide`, { token });
    expect(await publicReviews(product)).toMatchObject({ total_reviews: 1, average_rating: 5 });
  });

  it("answers 404 for no such review, 400 for a forged id, 401 to guests and 403 to shoppers", async () => {
    const review = await reviewOf(shop.products.silkAbaya, 4, "Fine");
    const shopper = await createSignedInUser(api);
    expect((await api.call("POST", "/admin/reviews/999999/hide", { token })).status).toBe(404);
    expect((await api.call("POST", "/admin/reviews/-1/hide", { token })).status).toBe(400);
    expect((await api.call("POST", `/admin/reviews/${review}/hide`)).status).toBe(401);
    expect((await api.call("POST", `/admin/reviews/${review}/hide`, { token: shopper.token })).status).toBe(403);
    expect((await api.call("GET", "/admin/reviews", { token: shopper.token })).status).toBe(403);
    expect(await auditRows()).toEqual([]);
  });
});
