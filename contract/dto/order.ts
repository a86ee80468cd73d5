import type { OrderStatus, PaymentMethod, PaymentStatus, PromoType } from "../checkout.ts";

/** The checkout and order shapes of the contract. Money is GBP with two decimals. */

/** `data` of `POST /public/validate-promo-code`. */
export interface PromoResultDto {
  promoCode: {
    code: string;
    description: string;
    discount_type: PromoType;
    /** Percent for percentage codes, GBP for fixed ones. */
    discount_value: number;
  };
  /** The discount on the basket sent, GBP. */
  discountAmount: number;
}

/** One order in `GET /orders/my-orders` (`data.orders[]`). */
export interface OrderSummaryDto {
  id: number;
  code: string;
  created_at: string;
  status_name: OrderStatus;
  payment_status: PaymentStatus;
  total: number;
  product_image: string | null;
}

export interface OrderItemDto {
  product_id: number;
  product_name: string;
  product_image: string | null;
  /** Colour and size, for example "Black / M". */
  variant_name: string;
  product_sku: string;
  fit: string | null;
  /** Price of one, variant extra included. */
  unit_price: number;
  quantity: number;
  /** The order owner's review of this product on this order; null while there is none. */
  review: OrderItemReviewDto | null;
}

/** A review as its author's order shows it, for reading back and editing. */
export interface OrderItemReviewDto {
  id: number;
  rating: number;
  comment: string | null;
}

/** `GET /public/orders/{id}`, and `data` of a successful `POST /payments/process`. */
export interface OrderDetailDto {
  id: number;
  order_code: string;
  created_at: string;
  status_name: OrderStatus;
  payment_method: PaymentMethod;
  payment_method_name: string;
  payment_status: PaymentStatus;
  /** Goods with variant extras: total = subtotal + shipping + tax − discount. */
  subtotal: number;
  shipping: number;
  shipping_method: string;
  /** Prices include VAT, so no tax is added: always 0. */
  tax: number;
  discount: number;
  promo_code: string | null;
  total: number;
  shipping_address: { label: string; line1: string; line2: string | null; city: string; postal_code: string; phone: string };
  items: OrderItemDto[];
}
