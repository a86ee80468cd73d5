import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { MSG } from "#contract/messages.ts";

/**
 * The display-currency picker: one native `<select>` in a form posting to /currency, which saves the cookie and
 * redirects back here. Without JavaScript the shopper picks and presses Set currency; with it, choosing submits at once.
 * A native control keeps the ninety currencies to ninety `<option>`s on every page, and the browser gives the
 * scrollable list, keyboard and outside-click handling. The options arrive as one HTML string from the root
 * loader (`currencyOptionsHtml`, `selected` on the current currency), rendered as the select's inner HTML.
 * The page's scripts start after its first paint: a choice made before they run (no Set currency button then, as
 * JavaScript is on) is submitted when the picker hydrates. The select opts out of the browser's form restoring,
 * so the choice it shows after a history navigation is the saved one, never an old pick to submit again.
 */
const CURRENCY_ACTION = "/currency";

/**
 * Whether a currency the shopper chose is on its way (saved, then the page's data loaded again): the picker shows
 * the new currency while the prices on the page are still the old one's, so the layout marks them as updating.
 */
export function useCurrencyChanging(): boolean {
  const { state, formAction } = useNavigation();
  return state !== "idle" && formAction !== undefined && new URL(formAction, "http://shop.invalid").pathname === CURRENCY_ACTION;
}

export function CurrencyPicker({ current, optionsHtml }: { current: string; optionsHtml: string }) {
  const location = useLocation();
  const submit = useSubmit();
  const select = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a choice made before hydration is submitted once, when the picker hydrates.
  useEffect(() => {
    if (select.current && select.current.value !== current) submit(select.current.form, { preventScrollReset: true });
  }, []);

  return (
    <Form method="post" action={CURRENCY_ACTION} preventScrollReset className="currency-picker">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label className="visually-hidden" htmlFor="currency-select">
        {MSG.pricing.displayCurrency}
      </label>
      <select
        // Keyed by the saved currency, so the control shows what the server applied once the page reloads its data.
        key={current}
        ref={select}
        id="currency-select"
        name="currency"
        autoComplete="off"
        className="currency-picker__select"
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own currency table, escaped once per process (currency.ts); hydration keeps the server's options.
        dangerouslySetInnerHTML={{ __html: optionsHtml }}
      />
      <noscript>
        <button type="submit" className="currency-picker__apply">
          {MSG.pricing.applyCurrency}
        </button>
      </noscript>
    </Form>
  );
}
