import { useRef } from "react";
import { Form, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { useDismissableDetails } from "#app/components/ui/use-dismissable-details.ts";
import { SUPPORTED_CURRENCIES } from "#app/lib/currency.ts";

/**
 * The display-currency list: a `<details>` disclosure holding one form, one submit button per currency.
 * The /currency action saves the cookie and redirects back here, so it works with JavaScript off.
 */
export function CurrencyPicker({ current }: { current: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const location = useLocation();

  return (
    <details className="currency-picker" ref={ref}>
      <summary className="currency-picker__toggle">
        <span className="visually-hidden">Display currency: </span>
        {current}
        <Icon name="chevronDown" className="currency-picker__chevron" />
      </summary>
      <Form method="post" action="/currency" preventScrollReset className="currency-picker__panel">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <ul className="currency-picker__list">
          {SUPPORTED_CURRENCIES.map((currency) => (
            <li key={currency.code}>
              <button
                type="submit"
                name="currency"
                value={currency.code}
                className="currency-picker__option"
                aria-current={currency.code === current ? "true" : undefined}
              >
                <span className="currency-picker__code">{currency.code}</span>
                <span className="currency-picker__name">{currency.name}</span>
                <span className="currency-picker__symbol">{currency.symbol.trim()}</span>
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
