/**
 * The contract's response schemas, as the storefront's server code passes them to the client (`schema` of every
 * call). The storefront imports them only through this module: its `.server` name makes React Router refuse it in
 * a browser bundle, so the schemas (and zod with them) stay on the server. Components take the DTO types instead.
 */
export {
  authSessionSchema,
  currentUserSchema,
  deviceGrantSchema,
  savedAddressListSchema,
  savedAddressSchema,
} from "#contract/responses/account.ts";
export { accountDataSchema, accountErasureSchema } from "#contract/responses/account-data.ts";
export { contactReceiptSchema, noDataSchema, subscriptionSchema } from "#contract/responses/acknowledgement.ts";
export {
  adminOrderDetailSchema,
  adminOrderListSchema,
  operatorSchema,
  orderExportSchema,
  orderStatusChangeResultSchema,
} from "#contract/responses/admin.ts";
export {
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
export { adminDashboardSchema, adminWaitingSchema, auditListSchema } from "#contract/responses/admin-dashboard.ts";
export { exchangeRatesSchema } from "#contract/responses/exchange-rates.ts";
export { offersSchema } from "#contract/responses/offers.ts";
export {
  heldCheckoutSchema,
  hostedCheckoutSchema,
  myOrdersSchema,
  orderDetailSchema,
  paymentAttemptSchema,
  paymentOptionsSchema,
  promoResultSchema,
} from "#contract/responses/order.ts";
export { categoryListSchema, productDetailSchema, productSummaryListSchema } from "#contract/responses/product.ts";
export {
  recentlyViewedListSchema,
  recordedViewSchema,
  wishlistEntrySchema,
  wishlistRemovalSchema,
  wishlistSchema,
} from "#contract/responses/product-reference.ts";
export {
  adminReturnListSchema,
  adminReturnSchema,
  differenceCheckoutSchema,
  returnOptionsSchema,
  returnSchema,
} from "#contract/responses/returns.ts";
export { productReviewsSchema, reviewSchema } from "#contract/responses/review.ts";
