import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AddressDto } from "#contract/dto/account.ts";
import type { VariantDto } from "#contract/dto/product.ts";

/**
 * The database as Kysely sees it. Money columns end in `_pence` (integer pence, GBP);
 * booleans are 0/1 integers and timestamps ISO-8601 UTC text, identical on SQLite and PostgreSQL.
 */
type Bool = 0 | 1;
type CreatedAt = ColumnType<string, string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  email_verified: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: CreatedAt;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: string;
  revoked_at: string | null;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  email: string;
  purpose: "verify" | "reset";
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  expires_at: string;
  consumed_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  collection: string;
  description: string;
  image_url: string;
  status: "Active" | "Inactive";
  sort_order: number;
}

export interface ProductsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  slug: string;
  sku: string;
  description: string;
  current_price_pence: number;
  original_price_pence: number;
  default_fit: string | null;
  fit_required: Bool;
  materials_care: string | null;
  delivery_returns: string | null;
  return_exchanges: string | null;
  contact_info: string | null;
  /** Words the full-text index covers beyond the name: category, collection, colours, description. */
  search_text: string;
  /** Sum of variant stock, kept in the same transaction as every variant stock change. */
  stock_total: number;
  /** Units sold, the most_popular sort and a trending signal. */
  units_sold: ColumnType<number, number | undefined, number>;
  view_count: ColumnType<number, number | undefined, number>;
  status: "Active" | "Inactive";
  created_at: CreatedAt;
  updated_at: string;
}

/** The variant the API shows, with its extra price stored in pence instead of the GBP prices. */
export interface ProductVariantsTable extends Omit<VariantDto, "id" | "extra_price" | "price"> {
  id: Generated<number>;
  extra_price_pence: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  alt: string;
  color_name: string | null;
  position: number;
}

export interface ProductFitsTable {
  id: Generated<number>;
  product_id: number;
  value: string;
  position: number;
}

export interface LookupValuesTable {
  id: Generated<number>;
  header_id: number;
  value: string;
  label: string;
  position: number;
  status: "Active" | "Inactive";
}

/** The address the API shows, owned by a user, with the default flag as 0/1. */
export interface AddressesTable extends Omit<AddressDto, "id" | "is_default"> {
  id: Generated<number>;
  user_id: number;
  is_default: Bool;
  created_at: CreatedAt;
  updated_at: string;
}

export interface WishlistItemsTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
}

export interface RecentlyViewedTable {
  user_id: number;
  product_id: number;
  viewed_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  order_id: number;
  rating: number;
  comment: string | null;
  created_at: CreatedAt;
  updated_at: string;
}

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  description: string;
  discount_type: "percentage" | "fixed";
  /** Percent (1-100) for percentage codes, pence for fixed ones. */
  discount_value: number;
  min_basket_pence: number;
  first_purchase_only: Bool;
  active: Bool;
  starts_at: string | null;
  ends_at: string | null;
}

export interface OrdersTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  idempotency_key: string;
  status: string;
  payment_status: string;
  payment_method: string;
  subtotal_pence: number;
  extras_pence: number;
  shipping_pence: number;
  discount_pence: number;
  tax_pence: number;
  total_pence: number;
  promo_code: string | null;
  shipping_method: string;
  ship_label: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_postal_code: string;
  ship_phone: string;
  created_at: CreatedAt;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number | null;
  product_name: string;
  product_image: string | null;
  variant_name: string;
  product_sku: string;
  fit: string | null;
  unit_price_pence: number;
  extra_price_pence: number;
  quantity: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  gateway: string;
  method: string;
  status: string;
  amount_pence: number;
  reference: string;
  card_last4: string | null;
  created_at: CreatedAt;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  email: string;
  created_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  order_number: string | null;
  subject: string;
  message: string;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_codes: OneTimeCodesTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  product_fits: ProductFitsTable;
  lookup_values: LookupValuesTable;
  addresses: AddressesTable;
  wishlist_items: WishlistItemsTable;
  recently_viewed: RecentlyViewedTable;
  reviews: ReviewsTable;
  promo_codes: PromoCodesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  contact_messages: ContactMessagesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type Variant = Selectable<ProductVariantsTable>;
export type Category = Selectable<CategoriesTable>;
export type Address = Selectable<AddressesTable>;
export type AddressUpdate = Updateable<AddressesTable>;
export type Order = Selectable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type PromoCode = Selectable<PromoCodesTable>;
