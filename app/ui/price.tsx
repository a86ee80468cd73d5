import { useRouteLoaderData } from "react-router";
import { BASE_CURRENCY_SYMBOL, type DisplayCurrency, formatInDisplayCurrency } from "#app/features/currency/price-format.ts";
import { BASE_CURRENCY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * The shopper's display currency, its symbol and rates from the root loader, and a formatter for GBP amounts.
 * Outside the root loader's reach (an error screen) prices show in GBP.
 */
export function useCurrency() {
  const display: DisplayCurrency = useRouteLoaderData<DisplayCurrency>("root") ?? IN_BASE_CURRENCY;
  return { currency: display.currency, format: (amountGbp: number) => formatInDisplayCurrency(amountGbp, display) };
}

const IN_BASE_CURRENCY: DisplayCurrency = {
  currency: BASE_CURRENCY,
  currencySymbol: BASE_CURRENCY_SYMBOL,
  rates: { [BASE_CURRENCY]: 1 },
};

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
