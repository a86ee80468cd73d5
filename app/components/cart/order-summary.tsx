import { useId } from "react";
import { Link } from "react-router";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { Price } from "#app/components/ui/price.tsx";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import type { PriceSummary } from "#contract/pricing.ts";
import { PromoBox } from "./promo-box.tsx";

/** Subtotal, variant extras, the flat shipping, total; then the promo box and the way to checkout. */
export function OrderSummary({ summary }: { summary: PriceSummary }) {
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
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>
            <Price amount={toGbp(summary.totalPence)} />
          </dd>
        </div>
      </dl>

      <PromoBox />

      {empty ? (
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
      {empty ? null : (
        <Link to="/products" className="cart-summary__continue">
          Continue Shopping
        </Link>
      )}
    </aside>
  );
}
