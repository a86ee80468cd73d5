/**
 * Every user-facing message, word for word: what the API answers and what the screens show.
 * Screens and the API import from here; nothing else spells these strings.
 *
 * One module per section and `MSG` as this module's namespace: a browser chunk carries only the sections it
 * reads (`MSG.cart.empty` keeps `cart`).
 */

export { accounts } from "./messages/accounts.ts";
export { addresses } from "./messages/addresses.ts";
export { admin } from "./messages/admin.ts";
export { adminCatalogue } from "./messages/admin-catalogue.ts";
export { adminAudit, adminDashboard } from "./messages/admin-dashboard.ts";
export { api } from "./messages/api.ts";
export { auth } from "./messages/auth.ts";
export { cart } from "./messages/cart.ts";
export { catalogue } from "./messages/catalogue.ts";
export { checkout } from "./messages/checkout.ts";
export { contact } from "./messages/contact.ts";
export { header } from "./messages/header.ts";
export { helper } from "./messages/helper.ts";
export { loading } from "./messages/loading.ts";
export { mail } from "./messages/mail.ts";
export { notFound } from "./messages/not-found.ts";
export { orders } from "./messages/orders.ts";
export { otp } from "./messages/otp.ts";
export { payment } from "./messages/payment.ts";
export { pricing } from "./messages/pricing.ts";
export { privacy } from "./messages/privacy.ts";
export { promo } from "./messages/promo.ts";
export { recentlyViewed } from "./messages/recently-viewed.ts";
export { adminReturns, returns } from "./messages/returns.ts";
export { reviews } from "./messages/reviews.ts";
export { router } from "./messages/router.ts";
export { share } from "./messages/share.ts";
export { subscribe } from "./messages/subscribe.ts";
export { validation } from "./messages/validation.ts";
export { wishlist } from "./messages/wishlist.ts";

/** Every section under one name: `MSG.cart.empty`. */
export * as MSG from "./messages.ts";
