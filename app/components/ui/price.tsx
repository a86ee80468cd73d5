import { useRouteLoaderData } from "react-router";
import { FALLBACK_RATES, formatPrice, isSupportedCurrency } from "#app/lib/currency.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { BASE_CURRENCY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import "#app/styles/price.css";

/**
 * The shopper's display currency and rates from the root loader, and a formatter for GBP amounts.
 * Outside the root loader's reach (an error screen) prices show in GBP with the built-in rates.
 */
export function useCurrency() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const currency = isSupportedCurrency(root?.currency) ? root.currency : BASE_CURRENCY;
  const rates = root?.rates ?? FALLBACK_RATES;
  return { currency, rates, format: (amountGbp: number) => formatPrice(amountGbp, currency, rates) };
}

interface PriceProps {
  /** The price in GBP, as the API gives it. */
  amount: number;
  /** The struck-through price before a reduction; screen readers hear "Original price". */
  original?: boolean;
  className?: string;
}

/** A GBP amount shown in the display currency (its symbol, then two decimals). */
export function Price({ amount, original = false, className }: PriceProps) {
  const { format } = useCurrency();
  const classes = ["price", original && "price--original", className].filter(Boolean).join(" ");
  if (original) {
    return (
      <s className={classes}>
        <span className="visually-hidden">{MSG.pricing.originalPrice}: </span>
        {format(amount)}
      </s>
    );
  }
  return <span className={classes}>{format(amount)}</span>;
}
