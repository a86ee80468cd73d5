import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, moveOrder, pay, paymentRequest, shopperWithAddress } from "#api/testing/checkout.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

/** A shopper with an address, a delivered order they reviewed, a wishlist, a recent view and the newsletter. */
async function shopperWithHistory() {
  const catalogue = await checkoutCatalogue(api);
  const shopper = await shopperWithAddress(api);
  const { token } = shopper;
  const placed = await pay(
    api,
    token,
    paymentRequest(shopper.addressId, [{ productId: catalogue.abaya, variantId: catalogue.blackAbaya, quantity: 1 }]),
  );
  expect(placed.status).toBe(200);
  const order = placed.body.data as { id: number; order_code: string };
  await moveOrder(api, order.order_code, ["processing", "shipped", "delivered"]);
  const review = await api.call("POST", "/public/reviews", {
    token,
    body: { product_id: catalogue.abaya, order_id: order.id, rating: 4, comment: "Lovely drape." },
  });
  expect(review.status).toBe(201);
  await api.call("POST", "/public/wishlist", { token, body: { product_id: catalogue.scarf } });
  await api.call("POST", "/public/recently-viewed", { token, body: { product_id: catalogue.scarf } });
  await api.call("POST", "/public/subscribe", { body: { email: shopper.user.email } });
  return { ...shopper, catalogue, order, reviewId: review.body.data.id as number };
}

const ratingOf = (productId: number) =>
  api.db.kysely.selectFrom("products").select(["rating_count", "rating_sum"]).where("id", "=", productId).executeTakeFirstOrThrow();

describe("GET /public/account/data", () => {
  it("gives the shopper everything the shop keeps about them, and nothing of anyone else's", async () => {
    const shopper = await shopperWithHistory();
    const other = await createSignedInUser(api);
    const { status, body } = await api.call("GET", "/public/account/data", { token: shopper.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      account: { name: shopper.user.name, email: shopper.user.email, email_verified: true },
      addresses: [{ label: "Home", line1: "12 Romford Road", phone: "07700 900123" }],
      orders: [{ id: shopper.order.id, order_code: shopper.order.order_code, items: [{ product_id: shopper.catalogue.abaya }] }],
      reviews: [{ id: shopper.reviewId, product_name: "Silk Abaya", rating: 4, comment: "Lovely drape.", hidden: false }],
      wishlist: [{ product_id: shopper.catalogue.scarf }],
      recently_viewed: [{ product_id: shopper.catalogue.scarf }],
      newsletter: { subscribed: true, unsubscribed_at: null },
    });
    const theirs = await api.call("GET", "/public/account/data", { token: other.token });
    expect(theirs.body.data).toMatchObject({
      account: { email: other.user.email },
      addresses: [],
      orders: [],
      reviews: [],
      newsletter: null,
    });
    expect((await api.call("GET", "/public/account/data")).status).toBe(401);
  });
});

describe("POST /public/account/delete", () => {
  it("refuses a wrong password as the password field's error and changes nothing", async () => {
    const shopper = await shopperWithHistory();
    const { status, body } = await api.call("POST", "/public/account/delete", {
      token: shopper.token,
      body: { password: "not my password" },
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "password", message: MSG.privacy.wrongPassword }] });
    const still = await api.call("GET", "/public/account/data", { token: shopper.token });
    expect(still.body.data).toMatchObject({
      account: { email: shopper.user.email },
      addresses: [{ label: "Home" }],
      reviews: [{ id: shopper.reviewId }],
    });
  });

  it("counts wrong passwords as login guesses: a stolen token cannot be used to try passwords without end", async () => {
    const shopper = await createSignedInUser(api);
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      const answer = await api.call("POST", "/public/account/delete", {
        token: shopper.token,
        body: { password: `guess number ${guess}` },
        clientIp: "203.0.113.9",
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await api.call("GET", "/public/auth/me", { token: shopper.token })).status).toBe(200);
  });

  it.each([
    ["no body", undefined],
    ["no password", {}],
    ["an empty password", { password: "" }],
    ["a password that is not text", { password: ["a", "b"] }],
    ["an oversized password", { password: "x".repeat(100_000) }],
  ])("refuses %s with a 4xx", async (_, body) => {
    const shopper = await createSignedInUser(api);
    const response = await api.call("POST", "/public/account/delete", { token: shopper.token, body });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await api.call("GET", "/public/auth/me", { token: shopper.token })).status).toBe(200);
  });

  it("refuses a guest and another shopper's token deletes only that shopper", async () => {
    const shopper = await createSignedInUser(api);
    const other = await createSignedInUser(api);
    expect((await api.call("POST", "/public/account/delete", { body: { password: shopper.password } })).status).toBe(401);
    // The other shopper's token with this shopper's password: the password is checked against the token's account.
    expect((await api.call("POST", "/public/account/delete", { token: other.token, body: { password: "wrong for them" } })).status).toBe(
      400,
    );
    expect((await api.call("GET", "/public/auth/me", { token: shopper.token })).status).toBe(200);
  });

  it("erases the account, keeps its orders anonymised for the operator, and the e-mail can sign up again", async () => {
    const shopper = await shopperWithHistory();
    const secondSession = await api.call("POST", "/public/auth/login", { body: { email: shopper.user.email, password: shopper.password } });
    expect(secondSession.status).toBe(200);
    expect(await ratingOf(shopper.catalogue.abaya)).toEqual({ rating_count: 1, rating_sum: 4 });

    const operator = await createSignedInUser(api, { role: "operator" });
    const shopItem = await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", shopper.order.id)
      .executeTakeFirstOrThrow();
    const claim = await api.call("POST", `/admin/orders/${shopper.order.order_code}/claims`, {
      token: operator.token,
      body: {
        reason: "damaged",
        outcome: "refund",
        note: "Called from 07700 900123: torn seam",
        items: [{ order_item_id: shopItem.id, quantity: 1 }],
      },
    });
    expect(claim.status).toBe(201);

    const erased = await api.call("POST", "/public/account/delete", { token: shopper.token, body: { password: shopper.password } });
    expect(erased).toMatchObject({ status: 200, body: { message: MSG.privacy.deleted, data: { orders_kept: 1, reviews_removed: 1 } } });
    // The claim stays with the order, without what the shopper said.
    expect(await api.db.kysely.selectFrom("returns").select(["note", "reason"]).where("code", "=", claim.body.data.code).execute()).toEqual(
      [{ note: null, reason: "damaged" }],
    );

    // Every session ends, and the old password opens nothing.
    expect((await api.call("GET", "/public/auth/me", { token: shopper.token })).status).toBe(401);
    expect((await api.call("GET", "/public/auth/me", { token: secondSession.body.data.token })).status).toBe(401);
    const login = await api.call("POST", "/public/auth/login", { body: { email: shopper.user.email, password: shopper.password } });
    expect(login.status).toBe(401);

    const user = await api.db.kysely.selectFrom("users").selectAll().where("id", "=", shopper.user.id).executeTakeFirstOrThrow();
    expect(user.name).toBe("");
    expect(user.email).not.toContain(shopper.user.email.split("@")[0]);
    for (const table of ["addresses", "wishlist_items", "recently_viewed", "reviews"] as const) {
      expect(await api.db.kysely.selectFrom(table).select("user_id").where("user_id", "=", shopper.user.id).execute()).toEqual([]);
    }
    expect(await api.db.kysely.selectFrom("subscriptions").select("id").where("email", "=", shopper.user.email).execute()).toEqual([]);
    expect(await api.db.kysely.selectFrom("mail_outbox").select("id").where("recipient", "=", shopper.user.email).execute()).toEqual([]);
    expect(await ratingOf(shopper.catalogue.abaya)).toEqual({ rating_count: 0, rating_sum: 0 });

    const order = await api.db.kysely.selectFrom("orders").selectAll().where("id", "=", shopper.order.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "delivered", ship_line1: MSG.privacy.erased, ship_line2: null, ship_phone: MSG.privacy.erased });
    const listed = await api.call("GET", "/admin/orders", { token: operator.token });
    expect(listed.body.data.orders).toMatchObject([{ code: shopper.order.order_code, status: "delivered" }]);
    const detail = await api.call("GET", `/admin/orders/${shopper.order.order_code}`, { token: operator.token });
    expect(JSON.stringify(detail.body.data)).not.toContain("Romford");
    expect(JSON.stringify(detail.body.data)).not.toContain(shopper.user.email);

    // A later status change of the kept order mails no one.
    await moveOrder(api, shopper.order.order_code, ["completed"]);
    expect(await api.db.kysely.selectFrom("mail_outbox").select("id").where("recipient", "=", user.email).execute()).toEqual([]);

    const again = await api.call("POST", "/public/auth/signup", {
      body: {
        name: "Amina Again",
        email: shopper.user.email,
        password: "a brand new passphrase",
        confirmPassword: "a brand new passphrase",
      },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.user.id).not.toBe(shopper.user.id);
  });

  it("refuses to erase an operator's account", async () => {
    const operator = await createSignedInUser(api, { role: "operator" });
    const response = await api.call("POST", "/public/account/delete", { token: operator.token, body: { password: operator.password } });
    expect(response).toMatchObject({ status: 403, body: { error: { message: MSG.privacy.operatorAccount } } });
  });
});
