import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { API_HEADERS } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { addressRoutes } from "./addresses/addresses.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { categoryRoutes } from "./catalogue/categories.routes.ts";
import { productRoutes } from "./catalogue/products.routes.ts";
import { contactRoutes } from "./contact/contact.routes.ts";
import type { ApiDeps, ApiEnv } from "./core/env.ts";
import { errorBody } from "./core/envelope.ts";
import { ApiError } from "./core/errors.ts";
import { noteRoutePattern } from "./core/metrics.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { lookupRoutes } from "./lookups/lookups.routes.ts";
import { offerRoutes } from "./offers/offers.routes.ts";
import { myOrdersRoutes, orderDetailRoutes } from "./orders/orders.routes.ts";
import { otpRoutes } from "./otp/otp.routes.ts";
import { paymentOptionRoutes, paymentRoutes, paymentWebhookRoutes } from "./payments/payments.routes.ts";
import { promoRoutes } from "./promo/promo.routes.ts";
import { exchangeRateRoutes } from "./rates/exchange-rates.routes.ts";
import { recentlyViewedRoutes } from "./recently-viewed/recently-viewed.routes.ts";
import { orderReturnRoutes, returnRoutes } from "./returns/returns.routes.ts";
import { productReviewRoutes, reviewRoutes } from "./reviews/reviews.routes.ts";
import { subscribeRoutes, unsubscribeRoutes } from "./subscribe/subscribe.routes.ts";
import { wishlistRoutes } from "./wishlist/wishlist.routes.ts";

export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** The commerce API, mounted at /api. */
export function createApi(deps: ApiDeps) {
  const api = new Hono<ApiEnv>().basePath("/api");

  api.use(async (c, next) => {
    c.set("deps", deps);
    const trusted =
      c.env?.inProcess === true || (deps.internalSecret !== undefined && c.req.header(API_HEADERS.internalSecret) === deps.internalSecret);
    const direct = c.env?.incoming?.ip ?? c.env?.incoming?.socket?.remoteAddress;
    c.set("clientIp", (trusted && c.req.header(API_HEADERS.clientIp)) || direct || "unknown");
    await next();
    // A request over HTTP is counted by its route's pattern (the last route it matched), not its URL.
    if (c.env?.incoming) noteRoutePattern(c.env.incoming, routePath(c, -1));
  });
  api.use(
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(413, "PAYLOAD_TOO_LARGE", MSG.api.payloadTooLarge);
      },
    }),
  );

  api.route("/public/categories", categoryRoutes);
  api.route("/public/products", productReviewRoutes);
  api.route("/public/products", productRoutes);
  api.route("/public/lookups", lookupRoutes);
  api.route("/public/exchange-rates", exchangeRateRoutes);
  api.route("/public/offers", offerRoutes);
  api.route("/public/auth", authRoutes);
  api.route("/public/otp", otpRoutes);
  api.route("/public/addresses", addressRoutes);
  api.route("/public/account", accountRoutes);
  api.route("/public/subscribe", subscribeRoutes);
  api.route("/public/unsubscribe", unsubscribeRoutes);
  api.route("/public/contact", contactRoutes);
  api.route("/public/wishlist", wishlistRoutes);
  api.route("/public/recently-viewed", recentlyViewedRoutes);
  api.route("/public/reviews", reviewRoutes);
  api.route("/public/validate-promo-code", promoRoutes);
  api.route("/public/orders", orderDetailRoutes);
  api.route("/public/orders", orderReturnRoutes);
  api.route("/public/returns", returnRoutes);
  api.route("/orders", myOrdersRoutes);
  api.route("/public/payment-options", paymentOptionRoutes);
  // Before /payments, whose routes all require a signed-in shopper: the provider signs its events instead.
  api.route("/payments/webhooks", paymentWebhookRoutes);
  api.route("/payments", paymentRoutes);
  api.route("/admin", adminRoutes);

  api.notFound((c) => c.json(errorBody(new ApiError(404, "NOT_FOUND", MSG.api.routeNotFound)), 404));
  api.onError((error, c) => {
    if (error instanceof ApiError) {
      // A 429 tells clients when to come back in the header HTTP defines, as well as in the body.
      const retryAfterSeconds = error.extra?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfterSeconds === "number") c.header("Retry-After", String(retryAfterSeconds));
      return c.json(errorBody(error), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(new ApiError(error.status, "BAD_REQUEST", error.message || MSG.helper.validation)), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away for a moment: a retryable answer, and one line without a stack per request.
      deps.logger.warn({ path: c.req.path, reason: error.message }, "the database is unavailable");
      return c.json(errorBody(new ApiError(503, "SERVICE_UNAVAILABLE", MSG.api.serviceUnavailable)), 503);
    }
    deps.logger.error({ err: error, path: c.req.path }, "unhandled API error");
    return c.json(errorBody(new ApiError(500, "INTERNAL_ERROR", MSG.api.internal)), 500);
  });
  return api;
}

export type Api = ReturnType<typeof createApi>;
