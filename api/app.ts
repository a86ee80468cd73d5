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

  const routes = api
    .route("/public/categories", categoryRoutes)
    .route("/public/products", productReviewRoutes)
    .route("/public/products", productRoutes)
    .route("/public/lookups", lookupRoutes)
    .route("/public/exchange-rates", exchangeRateRoutes)
    .route("/public/offers", offerRoutes)
    .route("/public/auth", authRoutes)
    .route("/public/otp", otpRoutes)
    .route("/public/addresses", addressRoutes)
    .route("/public/account", accountRoutes)
    .route("/public/subscribe", subscribeRoutes)
    .route("/public/unsubscribe", unsubscribeRoutes)
    .route("/public/contact", contactRoutes)
    .route("/public/wishlist", wishlistRoutes)
    .route("/public/recently-viewed", recentlyViewedRoutes)
    .route("/public/reviews", reviewRoutes)
    .route("/public/validate-promo-code", promoRoutes)
    .route("/public/orders", orderDetailRoutes)
    .route("/public/orders", orderReturnRoutes)
    .route("/public/returns", returnRoutes)
    .route("/orders", myOrdersRoutes)
    .route("/public/payment-options", paymentOptionRoutes)
    // Before /payments, whose routes all require a signed-in shopper: the provider signs its events instead.
    .route("/payments/webhooks", paymentWebhookRoutes)
    .route("/payments", paymentRoutes)
    .route("/admin", adminRoutes);

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
  return routes;
}

/** The API with the type of all its routes: the storefront's typed client (`hc`) derives paths, inputs and answers from it. */
export type Api = ReturnType<typeof createApi>;
