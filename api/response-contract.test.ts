import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { stripeGateway } from "#api/payments/stripe-gateway.ts";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { checkoutCatalogue, moveOrder, pay, paymentRequest, shopperWithAddress, validCard } from "#api/testing/checkout.ts";
import { FAKE_STRIPE_KEYS, startFakeStripe } from "#api/testing/fake-stripe.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { OTP_POLICY, PRODUCT_CATEGORY } from "#contract/constants.ts";
import {
  authSessionSchema,
  currentUserSchema,
  deviceGrantSchema,
  savedAddressListSchema,
  savedAddressSchema,
} from "#contract/responses/account.ts";
import { accountDataSchema, accountErasureSchema } from "#contract/responses/account-data.ts";
import { contactReceiptSchema, noDataSchema, subscriptionSchema } from "#contract/responses/acknowledgement.ts";
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  operatorSchema,
  orderExportSchema,
  orderStatusChangeResultSchema,
} from "#contract/responses/admin.ts";
import {
  adminProductListSchema,
  adminProductSchema,
  adminPromoListSchema,
  adminPromoSchema,
  adminReviewListSchema,
  adminReviewSchema,
  contactMessageListSchema,
  contactMessageSchema,
  productImportResultSchema,
  subscriberListSchema,
} from "#contract/responses/admin-catalogue.ts";
import { adminDashboardSchema, adminWaitingSchema, auditListSchema } from "#contract/responses/admin-dashboard.ts";
import { exchangeRatesSchema } from "#contract/responses/exchange-rates.ts";
import { offersSchema } from "#contract/responses/offers.ts";
import {
  heldCheckoutSchema,
  hostedCheckoutSchema,
  myOrdersSchema,
  orderDetailSchema,
  paymentAttemptSchema,
  paymentOptionsSchema,
  promoResultSchema,
  webhookReceiptSchema,
} from "#contract/responses/order.ts";
import { categoryListSchema, lookupValuesSchema, productDetailSchema, productSummaryListSchema } from "#contract/responses/product.ts";
import {
  recentlyViewedListSchema,
  recordedViewSchema,
  wishlistEntrySchema,
  wishlistRemovalSchema,
  wishlistSchema,
} from "#contract/responses/product-reference.ts";
import {
  adminReturnListSchema,
  adminReturnSchema,
  differenceCheckoutSchema,
  returnOptionsSchema,
  returnSchema,
} from "#contract/responses/returns.ts";
import { productReviewsSchema, reviewSchema } from "#contract/responses/review.ts";

/**
 * Every endpoint's successful answer, from the seeded demo shop, is exactly its contract schema: nothing missing
 * or mistyped, and no field the schema does not name. The storefront checks answers only when the API is remote,
 * so this is what proves the in-process answers (decision 0015).
 */

let api: FreshApi;
beforeAll(async () => {
  api = await freshApi();
  await seedDemoIfEmpty(api.db);
});
afterAll(() => api.close());

/** Routes as Hono lists them (`GET /public/products/:id`): the ones this file has checked. */
const checkedRoutes = new Set<string>();

/** Calls `route` (its parameters filled in by `path`) and checks the answer's `data` against `schema`. */
async function expectContract<S extends z.ZodType>(
  route: string,
  schema: S,
  options: { path?: string; body?: unknown; token?: string; headers?: Record<string, string>; on?: Pick<FreshApi, "call"> } = {},
): Promise<z.output<S>> {
  const [method, pattern] = route.split(" ");
  const { status, body } = await (options.on ?? api).call(method, options.path ?? pattern, options);
  expect(status, `${route}: ${JSON.stringify(body.error)}`).toBeLessThan(300);
  expect(body.success).toBe(true);
  const checked = schema.safeParse(body.data);
  if (!checked.success) throw new Error(`${route} answers outside its schema:\n${z.prettifyError(checked.error)}`);
  // Parsing drops fields the schema does not name: an answer with more than the contract would differ here.
  expect(checked.data, `${route} answers fields its schema does not name`).toEqual(body.data);
  checkedRoutes.add(route);
  return checked.data;
}

const password = "correct horse battery";

describe("every endpoint answers its contract schema", () => {
  it("answers the catalogue's reads", async () => {
    await expectContract("GET /public/categories", categoryListSchema, { path: "/public/categories?status=Active" });
    const [first, second] = await expectContract("GET /public/products", productSummaryListSchema, { path: "/public/products?limit=4" });
    await expectContract("GET /public/products/bulk", productSummaryListSchema, {
      path: `/public/products/bulk?ids=${first.id},${second.id}`,
    });
    await expectContract("GET /public/products/trending", productSummaryListSchema);
    await expectContract("GET /public/products/latest", productSummaryListSchema);
    await expectContract("GET /public/products/recommended", productSummaryListSchema, {
      path: `/public/products/recommended?product_id=${first.id}`,
    });
    await expectContract("GET /public/products/:id", productDetailSchema, { path: `/public/products/${first.id}` });
    await expectContract("POST /public/lookups/values", lookupValuesSchema, { body: { header_ids: [1, 2, 3, PRODUCT_CATEGORY] } });
    await expectContract("GET /public/exchange-rates", exchangeRatesSchema);
    expect(await expectContract("GET /public/offers", offersSchema)).toEqual({ first_purchase: { percent: 10 } });
  });

  it("answers an account's life: sign-up, codes, sign-in, addresses, lists, orders, reviews, reset, logout", async () => {
    const email = "contract@example.com";
    const signUp = await expectContract("POST /public/auth/signup", authSessionSchema, {
      body: { name: "Amina Khan", email, password, confirmPassword: password },
    });
    // A new code may be asked for once the previous one's cooldown has passed.
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    await expectContract("POST /public/otp/send", noDataSchema, { body: { email } });
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    await expectContract("POST /public/otp/resend", noDataSchema, { body: { email } });
    const code = api.mailer.lastCode(email, "verificationCode");
    await expectContract("POST /public/otp/verify", noDataSchema, { body: { email, otp: code } });
    const { token } = await expectContract("POST /public/auth/login", authSessionSchema, { body: { email, password } });
    expect(token).not.toBe(signUp.token);
    await expectContract("GET /public/auth/me", currentUserSchema, { token });

    const home = { label: "Home", line1: "12 Romford Road", city: "London", postal_code: "e79hz", phone: "07700 900123" };
    const address = await expectContract("POST /public/addresses", savedAddressSchema, { token, body: home });
    const work = await expectContract("POST /public/addresses", savedAddressSchema, { token, body: { ...home, label: "Work" } });
    await expectContract("PUT /public/addresses/:id", savedAddressSchema, {
      token,
      path: `/public/addresses/${work.id}`,
      body: { ...home, label: "Office", address_type: "Work" },
    });
    await expectContract("GET /public/addresses", savedAddressListSchema, { token });
    await expectContract("DELETE /public/addresses/:id", noDataSchema, { token, path: `/public/addresses/${work.id}` });

    await expectContract("POST /public/subscribe", subscriptionSchema, { body: { email } });
    const { unsubscribe_token } = await api.db.kysely
      .selectFrom("subscriptions")
      .select("unsubscribe_token")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await expectContract("POST /public/unsubscribe", noDataSchema, { path: `/public/unsubscribe?token=${unsubscribe_token}` });
    await expectContract("POST /public/contact", contactReceiptSchema, {
      body: { firstName: "Amina", lastName: "Khan", email, subject: "General Inquiry", message: "Do you ship to Leeds?" },
    });

    const variant = await api.db.kysely
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await expectContract("POST /public/wishlist", wishlistEntrySchema, { token, body: { product_id: variant.product_id } });
    await expectContract("GET /public/wishlist", wishlistSchema, { token });
    await expectContract("DELETE /public/wishlist/:productId", wishlistRemovalSchema, {
      token,
      path: `/public/wishlist/${variant.product_id}`,
    });
    await expectContract("POST /public/recently-viewed", recordedViewSchema, { token, body: { product_id: variant.product_id } });
    await expectContract("GET /public/recently-viewed", recentlyViewedListSchema, { token });
    await expectContract("DELETE /public/recently-viewed", noDataSchema, { token });

    await expectContract("POST /public/validate-promo-code", promoResultSchema, { token, body: { code: "WELCOME10", cartTotal: 100 } });
    const request = paymentRequest(address.id, [{ productId: variant.product_id, variantId: variant.id, quantity: 1 }], {
      promo: "WELCOME10",
    });
    const key = crypto.randomUUID();
    const order = await expectContract("POST /payments/process", orderDetailSchema, {
      token,
      body: request,
      headers: { "Idempotency-Key": key },
    });
    await expectContract("GET /payments/attempts/:key", paymentAttemptSchema, { token, path: `/payments/attempts/${key}` });
    await expectContract("GET /public/orders/:id", orderDetailSchema, { token, path: `/public/orders/${order.id}` });
    await expectContract("GET /orders/my-orders", myOrdersSchema, { token });

    await moveOrder(api, order.order_code, ["processing", "shipped", "delivered"]);
    const review = await expectContract("POST /public/reviews", reviewSchema, {
      token,
      body: { product_id: variant.product_id, order_id: order.id, rating: 4, comment: "Beautiful drape." },
    });
    await expectContract("PUT /public/reviews/:reviewId", reviewSchema, {
      token,
      path: `/public/reviews/${review.id}`,
      body: { rating: 5, comment: null },
    });
    await expectContract("GET /public/products/:productId/reviews", productReviewsSchema, {
      path: `/public/products/${variant.product_id}/reviews`,
    });

    await expectContract("POST /public/auth/forgot-password", noDataSchema, { body: { email } });
    const resetCode = api.mailer.lastCode(email, "resetCode");
    await expectContract("POST /public/auth/reset-password", deviceGrantSchema, {
      body: { email, otp: resetCode, newPassword: "a new passphrase" },
    });
    const again = await expectContract("POST /public/auth/login", authSessionSchema, { body: { email, password: "a new passphrase" } });
    await expectContract("POST /public/auth/logout", noDataSchema, { token: again.token });
  });

  it("answers the hosted checkout's routes (the Stripe gateway, against the local fake)", async () => {
    const stripe = await startFakeStripe();
    const shop = await freshApi({ gateway: stripeGateway({ ...FAKE_STRIPE_KEYS, apiUrl: stripe.url }) });
    try {
      await expectContract("GET /public/payment-options", paymentOptionsSchema, { on: shop });
      const catalogue = await checkoutCatalogue(shop);
      const shopper = await shopperWithAddress(shop);
      const { payment: _card, ...order } = paymentRequest(shopper.addressId, [
        { productId: catalogue.scarf, variantId: catalogue.pinkScarf, quantity: 1 },
      ]);
      const openCheckout = () =>
        expectContract("POST /payments/checkout-sessions", hostedCheckoutSchema, {
          on: shop,
          token: shopper.token,
          headers: { "Idempotency-Key": crypto.randomUUID() },
          body: {
            ...order,
            payment: { method: "apple_pay" },
            returnUrl: "https://shop.test/checkout/return",
            cancelUrl: "https://shop.test/checkout/held",
          },
        });
      const left = await openCheckout();
      const leftPath = `/payments/orders/${left.order.id}`;
      await expectContract("GET /payments/orders/:id/checkout", heldCheckoutSchema, {
        on: shop,
        token: shopper.token,
        path: `${leftPath}/checkout`,
      });
      await expectContract("POST /payments/orders/:id/checkout", hostedCheckoutSchema, {
        on: shop,
        token: shopper.token,
        path: `${leftPath}/checkout`,
      });
      await expectContract("POST /payments/orders/:id/cancel", orderDetailSchema, {
        on: shop,
        token: shopper.token,
        path: `${leftPath}/cancel`,
      });
      const opened = await openCheckout();
      const session = await stripe.pay(stripe.lastSession()?.id ?? "");
      const event = { id: "evt_contract", object: "event", type: "checkout.session.completed", data: { object: session } };
      await expectContract("POST /payments/webhooks/stripe", webhookReceiptSchema, {
        on: shop,
        body: event,
        headers: {
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload: JSON.stringify(event),
            secret: FAKE_STRIPE_KEYS.webhookSecret,
          }),
        },
      });
      await expectContract("POST /payments/checkout-sessions/:reference/return", hostedCheckoutSchema, {
        on: shop,
        token: shopper.token,
        path: `/payments/checkout-sessions/${session.id}/return`,
      });
      expect(opened.order.payment_method).toBe("apple_pay");

      // An exchange of the abaya for its dearer colour: the difference is paid on the provider's page.
      const { payment: _abayaCard, ...abayaOrder } = paymentRequest(shopper.addressId, [
        { productId: catalogue.abaya, variantId: catalogue.blackAbaya, quantity: 1 },
      ]);
      const abaya = await shop.call("POST", "/payments/checkout-sessions", {
        token: shopper.token,
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: { ...abayaOrder, payment: { method: "credit_card" }, returnUrl: "https://shop.test/r", cancelUrl: "https://shop.test/r" },
      });
      await stripe.pay(stripe.lastSession()?.id ?? "");
      await moveOrder(shop, abaya.body.data.order.order_code, ["processing", "shipped", "delivered"]);
      const abayaItem = await shop.db.kysely
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", abaya.body.data.order.id)
        .executeTakeFirstOrThrow();
      const registered = await shop.call("POST", `/public/orders/${abaya.body.data.order.id}/returns`, {
        token: shopper.token,
        body: {
          reason: "too_small",
          items: [{ order_item_id: abayaItem.id, quantity: 1, resolution: "exchange", exchange_variant_id: catalogue.navyAbaya }],
        },
      });
      expect(registered.status, JSON.stringify(registered.body.error)).toBe(201);
      await expectContract("POST /public/returns/:code/checkout", differenceCheckoutSchema, {
        on: shop,
        token: shopper.token,
        path: `/public/returns/${registered.body.data.code}/checkout`,
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: { returnUrl: "https://shop.test/returns", cancelUrl: "https://shop.test/returns" },
      });
    } finally {
      await shop.close();
      await stripe.close();
    }
  });

  it("answers the back office's", async () => {
    const operator = await createSignedInUser(api, { role: "operator" });
    const token = operator.token;
    const shopper = await shopperWithAddress(api);
    const variant = await api.db.kysely
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: variant.product_id, variantId: variant.id, quantity: 1 }]),
    );
    const code = body.data.order_code as string;
    await expectContract("GET /admin/me", operatorSchema, { token });
    await expectContract("GET /admin/orders", adminOrderListSchema, { token });
    await expectContract("POST /admin/orders/:code/status", orderStatusChangeResultSchema, {
      token,
      path: `/admin/orders/${code}/status`,
      body: { status: "processing" },
    });
    await expectContract("POST /admin/orders/:code/ship", orderStatusChangeResultSchema, {
      token,
      path: `/admin/orders/${code}/ship`,
      body: { carrier: "dpd", tracking_number: "15501234567890" },
    });
    await expectContract("GET /admin/orders/:code", adminOrderDetailSchema, { token, path: `/admin/orders/${code}` });
    const today = api.clock.now().toISOString().slice(0, 10);
    await expectContract("GET /admin/orders/export", orderExportSchema, { token, path: `/admin/orders/export?from=${today}&to=${today}` });
  });

  it("answers returns, claims and their steps, the shopper's and the back office's", async () => {
    const { token } = await createSignedInUser(api, { role: "operator" });
    const shopper = await shopperWithAddress(api);
    const variant = await api.db.kysely
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .where("stock", ">=", 4)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("product_variants as sibling")
            .select("sibling.id")
            .whereRef("sibling.product_id", "=", "product_variants.product_id")
            .whereRef("sibling.id", "<>", "product_variants.id"),
        ),
      )
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const { body } = await pay(
      api,
      shopper.token,
      paymentRequest(shopper.addressId, [{ productId: variant.product_id, variantId: variant.id, quantity: 4 }]),
    );
    const order = body.data as { id: number; order_code: string };
    await moveOrder(api, order.order_code, ["processing", "shipped", "delivered"]);
    const options = await expectContract("GET /public/orders/:id/returns/options", returnOptionsSchema, {
      token: shopper.token,
      path: `/public/orders/${order.id}/returns/options`,
    });
    const orderItemId = options.items[0]?.order_item_id;
    const registered = await expectContract("POST /public/orders/:id/returns", returnSchema, {
      token: shopper.token,
      path: `/public/orders/${order.id}/returns`,
      body: { reason: "faulty", items: [{ order_item_id: orderItemId, quantity: 1, resolution: "refund" }] },
    });
    await expectContract("GET /public/returns/:code", returnSchema, { token: shopper.token, path: `/public/returns/${registered.code}` });
    const sibling = await api.db.kysely
      .selectFrom("product_variants")
      .select("id")
      .where("product_id", "=", variant.product_id)
      .where("id", "<>", variant.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await api.db.kysely.updateTable("product_variants").set({ extra_price_pence: 500, stock: 5 }).where("id", "=", sibling.id).execute();
    const dearer = await api.call("POST", `/public/orders/${order.id}/returns`, {
      token: shopper.token,
      body: {
        reason: "too_small",
        items: [{ order_item_id: orderItemId, quantity: 1, resolution: "exchange", exchange_variant_id: sibling.id }],
      },
    });
    await expectContract("POST /public/returns/:code/payment", returnSchema, {
      token: shopper.token,
      path: `/public/returns/${dearer.body.data.code}/payment`,
      headers: { "Idempotency-Key": crypto.randomUUID() },
      body: validCard,
    });
    await expectContract("GET /admin/returns", adminReturnListSchema, { token });
    const path = `/admin/returns/${registered.code}`;
    await expectContract("GET /admin/returns/:code", adminReturnSchema, { token, path });
    const received = await expectContract("POST /admin/returns/:code/receive", adminReturnSchema, {
      token,
      path: `${path}/receive`,
      body: { restock: registered.items.map((item) => item.id) },
    });
    await expectContract("POST /admin/returns/:code/refund", adminReturnSchema, {
      token,
      path: `${path}/refund`,
      body: { amount: received.refund_due },
    });
    const claim = await expectContract("POST /admin/orders/:code/claims", adminReturnSchema, {
      token,
      path: `/admin/orders/${order.order_code}/claims`,
      body: { reason: "damaged", outcome: "replacement", goods_back: false, items: [{ order_item_id: orderItemId, quantity: 1 }] },
    });
    await expectContract("POST /admin/returns/:code/ship", adminReturnSchema, {
      token,
      path: `/admin/returns/${claim.code}/ship`,
      body: { carrier: "dpd", tracking_number: "15501234567890" },
    });
    const refused = await expectContract("POST /admin/orders/:code/claims", adminReturnSchema, {
      token,
      path: `/admin/orders/${order.order_code}/claims`,
      body: { reason: "wrong_item", outcome: "refund", goods_back: true, items: [{ order_item_id: orderItemId, quantity: 1 }] },
    });
    await expectContract("POST /admin/returns/:code/reject", adminReturnSchema, {
      token,
      path: `/admin/returns/${refused.code}/reject`,
      body: { reason: "The parcel came back empty." },
    });
  });

  it("answers the back office's catalogue, promos, reviews, messages and subscribers", async () => {
    const { token } = await createSignedInUser(api, { role: "operator" });
    const { products } = await expectContract("GET /admin/products", adminProductListSchema, { token });
    const product = await expectContract("GET /admin/products/:productId", adminProductSchema, {
      token,
      path: `/admin/products/${products[0]?.id}`,
    });
    await expectContract("PUT /admin/products/:productId", adminProductSchema, {
      token,
      path: `/admin/products/${product.id}`,
      body: { price: product.price, original_price: product.original_price, active: true, variants: [] },
    });
    const category = await api.db.kysely.selectFrom("categories").select("name").executeTakeFirstOrThrow();
    await expectContract("POST /admin/products/import", productImportResultSchema, {
      token,
      body: {
        products: [
          {
            sku: "CONTRACT",
            name: "Contract Dress",
            category: category.name,
            description: "Checked.",
            price: 10,
            variants: [{ sku: "CONTRACT-M", color: "Black", colorCode: "#000000", size: "M", stock: 1 }],
          },
        ],
      },
    });
    await expectContract("GET /admin/promos", adminPromoListSchema, { token });
    await expectContract("POST /admin/promos", adminPromoSchema, { token, body: { code: "CONTRACT5", type: "fixed", value: 5 } });
    await expectContract("POST /admin/promos/:code/disable", adminPromoSchema, { token, path: "/admin/promos/CONTRACT5/disable" });
    const { reviews } = await expectContract("GET /admin/reviews", adminReviewListSchema, { token });
    await expectContract("POST /admin/reviews/:reviewId/hide", adminReviewSchema, { token, path: `/admin/reviews/${reviews[0]?.id}/hide` });
    await expectContract("POST /admin/reviews/:reviewId/unhide", adminReviewSchema, {
      token,
      path: `/admin/reviews/${reviews[0]?.id}/unhide`,
    });
    const { messages } = await expectContract("GET /admin/messages", contactMessageListSchema, { token });
    await expectContract("POST /admin/messages/:messageId/handled", contactMessageSchema, {
      token,
      path: `/admin/messages/${messages[0]?.id}/handled`,
    });
    await expectContract("GET /admin/subscribers", subscriberListSchema, { token });
    const dashboard = await expectContract("GET /admin/dashboard", adminDashboardSchema, { token });
    await expectContract("GET /admin/waiting", adminWaitingSchema, { token });
    expect(dashboard.best_sellers.length).toBeGreaterThan(0);
    const audit = await expectContract("GET /admin/audit", auditListSchema, { token });
    expect(audit.entries.length).toBeGreaterThan(0);
  });

  it("answers the shopper's data rights: their data, a review's removal, the account's deletion", async () => {
    const body = { email: "contract@example.com", password: "a new passphrase" };
    const { token } = await expectContract("POST /public/auth/login", authSessionSchema, { body });
    const data = await expectContract("GET /public/account/data", accountDataSchema, { token });
    await expectContract("DELETE /public/reviews/:reviewId", noDataSchema, { token, path: `/public/reviews/${data.reviews[0]?.id}` });
    await expectContract("POST /public/account/delete", accountErasureSchema, { token, body: { password: body.password } });
  });

  it("has checked every route the API serves", () => {
    const served = new Set(
      api.app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path.replace(/^\/api/, "")}`),
    );
    expect([...checkedRoutes].sort()).toEqual([...served].sort());
  });
});
