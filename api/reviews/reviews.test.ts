import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, moveOrder, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { REVIEW_COMMENT_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { reviewerName } from "./reviews.service.ts";

let api: FreshApi;
let shop: Awaited<ReturnType<typeof checkoutCatalogue>>;
beforeEach(async () => {
  api = await freshApi();
  shop = await checkoutCatalogue(api);
});
afterEach(() => api.close());

/** A shopper's paid order of the abaya (and the scarf unless told otherwise), moved on to `status`. */
async function orderFor(
  shopper: { token: string; addressId: number },
  status: "confirmed" | "processing" | "delivered" | "completed" = "delivered",
  options: { withScarf?: boolean } = {},
) {
  const items = [{ productId: shop.abaya, variantId: shop.blackAbaya, quantity: 1 }];
  if (options.withScarf !== false) items.push({ productId: shop.scarf, variantId: shop.pinkScarf, quantity: 1 });
  const { body } = await pay(api, shopper.token, paymentRequest(shopper.addressId, items));
  const code = body.data.order_code as string;
  const path = {
    confirmed: [],
    processing: ["processing"],
    delivered: ["processing", "shipped", "delivered"],
    completed: ["processing", "shipped", "delivered", "completed"],
  }[status] as ("processing" | "shipped" | "delivered" | "completed")[];
  await moveOrder(api, code, path);
  return body.data.id as number;
}

const review = (token: string, body: Record<string, unknown>) => api.call("POST", "/public/reviews", { token, body });
const reviewsOf = (productId: number, query = "") => api.call("GET", `/public/products/${productId}/reviews${query}`);

describe("writing a review", () => {
  it("shows at once in the product's rating, which the catalogue cache otherwise keeps", async () => {
    await api.close();
    api = await freshApi({ catalogueCache: true });
    shop = await checkoutCatalogue(api);
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper);
    expect((await reviewsOf(shop.abaya)).body.data.reviews).toEqual([]);
    const ratingOf = async () => (await api.call("GET", `/public/products/${shop.abaya}`)).body.data.review_count;
    const before = await ratingOf();

    await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating: 4 });
    expect((await reviewsOf(shop.abaya)).body.data.reviews).toHaveLength(1);
    expect(await ratingOf()).toBe(before + 1);
  });

  it("lets the buyer of a delivered order review an item of it, trimming the comment and naming them by first name and initial", async () => {
    const shopper = await shopperWithAddress(api);
    await api.db.kysely.updateTable("users").set({ name: "Amina Noor Khan" }).where("id", "=", shopper.user.id).execute();
    const orderId = await orderFor(shopper);
    const created = await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating: 4, comment: "  Beautiful drape.  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, message: MSG.reviews.created });
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      product_id: shop.abaya,
      order_id: orderId,
      user_name: "Amina K.",
      rating: 4,
      comment: "Beautiful drape.",
      created_at: api.clock.now().toISOString(),
      updated_at: api.clock.now().toISOString(),
      verified: true,
    });
  });

  it("accepts a completed order and a missing or blank comment (stored as none)", async () => {
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper, "completed");
    const blank = await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating: 5, comment: "   " });
    expect(blank.status).toBe(201);
    expect(blank.body.data.comment).toBeNull();
    const missing = await review(shopper.token, { product_id: shop.scarf, order_id: orderId, rating: "3" });
    expect(missing.status).toBe(201);
    expect(missing.body.data).toMatchObject({ rating: 3, comment: null });
  });

  it("refuses an order that is not delivered yet, with the spec's note", async () => {
    const shopper = await shopperWithAddress(api);
    for (const status of ["confirmed", "processing"] as const) {
      const orderId = await orderFor(shopper, status);
      const refused = await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating: 5 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, message: MSG.reviews.afterDelivery });
    }
    expect((await reviewsOf(shop.abaya)).body.data.total_reviews).toBe(0);
  });

  it("refuses a product that is not in the order", async () => {
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper, "delivered", { withScarf: false });
    const refused = await review(shopper.token, { product_id: shop.scarf, order_id: orderId, rating: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.reviews.productNotInOrder);
  });

  it("answers another shopper's order as not found", async () => {
    const owner = await shopperWithAddress(api);
    const orderId = await orderFor(owner);
    const stranger = await createSignedInUser(api);
    const refused = await review(stranger.token, { product_id: shop.abaya, order_id: orderId, rating: 1 });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(MSG.reviews.orderNotFound);
    expect((await reviewsOf(shop.abaya)).body.data.total_reviews).toBe(0);
  });

  it("allows one review per product per order (409), and another on a second order", async () => {
    const shopper = await shopperWithAddress(api);
    const first = await orderFor(shopper);
    expect((await review(shopper.token, { product_id: shop.abaya, order_id: first, rating: 5 })).status).toBe(201);
    const again = await review(shopper.token, { product_id: shop.abaya, order_id: first, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.reviews.duplicate);
    const second = await orderFor(shopper);
    expect((await review(shopper.token, { product_id: shop.abaya, order_id: second, rating: 3 })).status).toBe(201);
    expect((await reviewsOf(shop.abaya)).body.data).toMatchObject({ total_reviews: 2, average_rating: 4 });
  });

  it("needs a signed-in shopper", async () => {
    const refused = await api.call("POST", "/public/reviews", { body: { product_id: shop.abaya, order_id: 1, rating: 5 } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MSG.auth.authRequired);
  });

  it("validates the rating (1 to 5, whole, required) and the comment length", async () => {
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper);
    const base = { product_id: shop.abaya, order_id: orderId };
    for (const [rating, message] of [
      [undefined, MSG.reviews.ratingRequired],
      ["", MSG.reviews.ratingRequired],
      [0, MSG.reviews.ratingRange(1, 5)],
      [6, MSG.reviews.ratingRange(1, 5)],
      [4.5, MSG.reviews.ratingRange(1, 5)],
      ["five", MSG.reviews.ratingRequired],
    ] as const) {
      const refused = await review(shopper.token, { ...base, rating });
      expect(refused.status, String(rating)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "rating", message }] });
    }
    const tooLong = await review(shopper.token, { ...base, rating: 5, comment: "x".repeat(REVIEW_COMMENT_MAX + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(MSG.reviews.commentTooLong(REVIEW_COMMENT_MAX));
    const longest = await review(shopper.token, { ...base, rating: 5, comment: ` ${"x".repeat(REVIEW_COMMENT_MAX)} ` });
    expect(longest.status).toBe(201);
    for (const body of [{ ...base, product_id: "abc", rating: 5 }, { ...base, order_id: -1, rating: 5 }, [], "text"]) {
      expect((await api.call("POST", "/public/reviews", { token: shopper.token, body })).status).toBe(400);
    }
  });
});

describe("an order's reviews", () => {
  it("show on the owner's order detail, per item, with their edits; unreviewed items carry none", async () => {
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper);
    const detail = async () => (await api.call("GET", `/public/orders/${orderId}`, { token: shopper.token })).body.data.items;
    expect((await detail()).map((item: { review: unknown }) => item.review)).toEqual([null, null]);

    const created = await review(shopper.token, { product_id: shop.scarf, order_id: orderId, rating: 4, comment: "Soft" });
    const reviewId = created.body.data.id;
    expect(await detail()).toMatchObject([
      { product_id: shop.abaya, review: null },
      { product_id: shop.scarf, review: { id: reviewId, rating: 4, comment: "Soft" } },
    ]);
    await api.call("PUT", `/public/reviews/${reviewId}`, { token: shopper.token, body: { rating: 2, comment: "" } });
    expect((await detail())[1].review).toEqual({ id: reviewId, rating: 2, comment: null });

    // The same product on another order is a review of its own.
    const secondOrder = await orderFor(shopper);
    const second = await api.call("GET", `/public/orders/${secondOrder}`, { token: shopper.token });
    expect(second.body.data.items.map((item: { review: unknown }) => item.review)).toEqual([null, null]);
  });
});

describe("updating a review", () => {
  it("lets the author change rating and comment, moving the product's summary", async () => {
    const shopper = await shopperWithAddress(api);
    const orderId = await orderFor(shopper);
    const created = await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating: 2, comment: "Too long" });
    api.clock.advance(60_000);
    const updated = await api.call("PUT", `/public/reviews/${created.body.data.id}`, {
      token: shopper.token,
      body: { rating: 5, comment: " Perfect after hemming " },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: MSG.reviews.updated,
      data: { id: created.body.data.id, rating: 5, comment: "Perfect after hemming", created_at: created.body.data.created_at },
    });
    expect(updated.body.data.updated_at).toBe(api.clock.now().toISOString());
    const listed = await reviewsOf(shop.abaya);
    expect(listed.body.data).toMatchObject({ total_reviews: 1, average_rating: 5, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    const product = await api.call("GET", `/public/products/${shop.abaya}`);
    expect(product.body.data).toMatchObject({ average_rating: 5, review_count: 1 });
  });

  it("answers another shopper's review, and a missing one, as not found and leaves it unchanged", async () => {
    const author = await shopperWithAddress(api);
    const orderId = await orderFor(author);
    const created = await review(author.token, { product_id: shop.abaya, order_id: orderId, rating: 4 });
    const stranger = await createSignedInUser(api);
    for (const id of [created.body.data.id, 999_999]) {
      const refused = await api.call("PUT", `/public/reviews/${id}`, { token: stranger.token, body: { rating: 1 } });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(MSG.reviews.notFound);
    }
    expect((await reviewsOf(shop.abaya)).body.data.reviews[0]).toMatchObject({ rating: 4 });
    expect((await api.call("PUT", "/public/reviews/abc", { token: author.token, body: { rating: 1 } })).status).toBe(400);
  });
});

describe("removing a review", () => {
  it("lets the author remove it once, taking it out of the product's rating; another shopper's or a missing one is 404", async () => {
    const author = await shopperWithAddress(api);
    const orderId = await orderFor(author);
    const kept = await review(author.token, { product_id: shop.scarf, order_id: orderId, rating: 2 });
    const created = await review(author.token, { product_id: shop.abaya, order_id: orderId, rating: 4 });
    const stranger = await createSignedInUser(api);
    for (const id of [created.body.data.id, 999_999]) {
      const refused = await api.call("DELETE", `/public/reviews/${id}`, { token: stranger.token });
      expect(refused).toMatchObject({ status: 404, body: { message: MSG.reviews.notFound } });
    }
    expect((await api.call("DELETE", `/public/reviews/${created.body.data.id}`)).status).toBe(401);
    expect((await api.call("DELETE", "/public/reviews/%3Cscript%3E", { token: author.token })).status).toBe(400);

    const removed = await api.call("DELETE", `/public/reviews/${created.body.data.id}`, { token: author.token });
    expect(removed).toMatchObject({ status: 200, body: { message: MSG.reviews.removed, data: null } });
    expect((await api.call("DELETE", `/public/reviews/${created.body.data.id}`, { token: author.token })).status).toBe(404);
    expect((await reviewsOf(shop.abaya)).body.data).toMatchObject({ total_reviews: 0, average_rating: 0 });
    expect((await api.call("GET", `/public/products/${shop.abaya}`)).body.data).toMatchObject({ review_count: 0 });
    expect((await reviewsOf(shop.scarf)).body.data.reviews).toMatchObject([{ id: kept.body.data.id }]);
    // The item can be reviewed again.
    expect((await review(author.token, { product_id: shop.abaya, order_id: orderId, rating: 5 })).status).toBe(201);
  });
});

describe("reading a product's reviews", () => {
  /** Five buyers rate the abaya 5, 3, 5, 1, 4, a minute apart. */
  async function fiveReviews() {
    const ratings = [5, 3, 5, 1, 4];
    const ids: number[] = [];
    for (const [index, rating] of ratings.entries()) {
      const shopper = await shopperWithAddress(api);
      const orderId = await orderFor(shopper, "delivered", { withScarf: false });
      api.clock.advance(60_000);
      const { body } = await review(shopper.token, { product_id: shop.abaya, order_id: orderId, rating, comment: `Review ${index + 1}` });
      ids.push(body.data.id);
    }
    return ids;
  }

  it("is open to guests and gives the count, average, distribution and pagination", async () => {
    await fiveReviews();
    const { status, body } = await reviewsOf(shop.abaya, "?limit=2");
    expect(status).toBe(200);
    expect(body.message).toBe(MSG.reviews.fetched);
    expect(body.data).toMatchObject({
      total_reviews: 5,
      average_rating: 3.6,
      distribution: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 },
      pagination: { total: 5, totalPages: 3, page: 1, limit: 2 },
    });
    expect(body.pagination).toEqual(body.data.pagination);
    expect(body.data.reviews.map((r: { comment: string }) => r.comment)).toEqual(["Review 5", "Review 4"]);
    expect(body.data.reviews[0]).toMatchObject({ verified: true, user_name: expect.stringMatching(/^Shopper [A-Z0-9]\.$|^Shopper$/) });
  });

  it("sorts newest, oldest, highest and lowest, and pages by limit", async () => {
    await fiveReviews();
    const comments = async (query: string) =>
      (await reviewsOf(shop.abaya, query)).body.data.reviews.map((r: { comment: string }) => Number(r.comment.slice(-1)));
    expect(await comments("?sort=newest")).toEqual([5, 4, 3, 2, 1]);
    expect(await comments("?sort=oldest")).toEqual([1, 2, 3, 4, 5]);
    // Ties on rating: the newer first.
    expect(await comments("?sort=highest")).toEqual([3, 1, 5, 2, 4]);
    expect(await comments("?sort=lowest")).toEqual([4, 2, 5, 3, 1]);
    expect(await comments("?sort=oldest&page=2&limit=2")).toEqual([3, 4]);
    expect(await comments("?sort=oldest&page=3&limit=2")).toEqual([5]);
    expect(await comments("?page=4&limit=2")).toEqual([]);
    expect(await comments("?sort=&page=&limit=")).toEqual([5, 4, 3, 2, 1]);
  });

  it("answers a product without reviews with zeros, and refuses bad queries and unknown products", async () => {
    const { body } = await reviewsOf(shop.scarf);
    expect(body.data).toEqual({
      reviews: [],
      total_reviews: 0,
      average_rating: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      pagination: { total: 0, totalPages: 1, page: 1, limit: 5 },
    });
    for (const query of ["?sort=best", "?page=0", "?limit=51", "?page=abc", "?limit=-1"]) {
      expect((await reviewsOf(shop.scarf, query)).status, query).toBe(400);
    }
    expect((await reviewsOf(999_999)).status).toBe(404);
    expect((await api.call("GET", "/public/products/abc/reviews")).status).toBe(400);
  });

  it("carries the running summary onto listings and the product without counting reviews", async () => {
    await fiveReviews();
    const listing = await api.call("GET", "/public/products");
    const abaya = listing.body.data.find((p: { id: number }) => p.id === shop.abaya);
    const scarf = listing.body.data.find((p: { id: number }) => p.id === shop.scarf);
    expect(abaya).toMatchObject({ average_rating: 3.6, review_count: 5 });
    expect(scarf).toMatchObject({ average_rating: 0, review_count: 0 });
    const summary = await api.db.kysely
      .selectFrom("products")
      .select(["rating_count", "rating_sum"])
      .where("id", "=", shop.abaya)
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({ rating_count: 5, rating_sum: 18 });
  });
});

describe("reviewerName", () => {
  it("shows first name and last initial, a single name as given, and Anonymous without one", () => {
    expect(reviewerName("Amina Khan")).toBe("Amina K.");
    expect(reviewerName("  amina   noor  khan ")).toBe("amina K.");
    expect(reviewerName("Cher")).toBe("Cher");
    expect(reviewerName("Zoë Łukasz")).toBe("Zoë Ł.");
    expect(reviewerName("   ")).toBe(MSG.reviews.anonymous);
    expect(reviewerName(null)).toBe(MSG.reviews.anonymous);
  });
});
