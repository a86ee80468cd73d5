import { pounds } from "#app/features/orders/orders.ts";

/** The discount row of an order's totals (`<dl>`): the promo code beside the label, the amount as a deduction. */
export function OrderDiscountRow({ discount, promoCode }: { discount: number; promoCode: string | null | undefined }) {
  return (
    <div className="order-totals__discount">
      <dt>Discount{promoCode ? ` (${promoCode})` : ""}</dt>
      <dd>{pounds(-discount)}</dd>
    </div>
  );
}
