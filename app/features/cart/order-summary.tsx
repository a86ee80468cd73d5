import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Button, ButtonLink } from "#app/ui/button.tsx";
import { Price } from "#app/ui/price.tsx";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import type { PriceSummary } from "#contract/pricing.ts";

/**
 * Subtotal, variant extras, the flat shipping, the promo discount, total; then the promo box
 * (when given) and the way to checkout (unless `checkout` is false, as on the checkout page itself).
 */
export function OrderSummary({
  summary,
  promo,
  promoCode,
  checkout = true,
}: {
  summary: PriceSummary;
  promo?: ReactNode;
  promoCode?: string | null;
  checkout?: boolean;
}) {
  const titleId = useId();
  const blockedId = useId();
  const empty = summary.totalItems === 0;
  return (
    <aside className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        Order Summary
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>
            Subtotal ({summary.totalItems} {summary.totalItems === 1 ? "item" : "items"})
          </dt>
          <dd>
            <Price amount={toGbp(summary.subtotalPence)} />
          </dd>
        </div>
        {summary.extrasPence > 0 ? (
          <div>
            <dt>Variant extras</dt>
            <dd>
              <Price amount={toGbp(summary.extrasPence)} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{MSG.cart.shippingLabel}</dt>
          <dd>
            <Price amount={toGbp(summary.shippingPence)} />
          </dd>
        </div>
        {summary.discountPence > 0 ? (
          <div className="cart-summary__discount">
            <dt>Discount{promoCode ? ` (${promoCode})` : ""}</dt>
            <dd>
              <Price amount={-toGbp(summary.discountPence)} />
            </dd>
          </div>
        ) : null}
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>
            <Price amount={toGbp(summary.totalPence)} />
          </dd>
        </div>
      </dl>

      {promo}

      {!checkout ? null : empty ? (
        <>
          <Button block disabled aria-describedby={blockedId}>
            Checkout
          </Button>
          <p id={blockedId} className="cart-summary__note">
            {MSG.cart.checkoutBlocked}
          </p>
        </>
      ) : (
        <ButtonLink to="/checkout" block>
          Checkout
        </ButtonLink>
      )}
      {empty || !checkout ? null : (
        <Link to="/products" className="cart-summary__continue">
          Continue Shopping
        </Link>
      )}
    </aside>
  );
}
