import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { currencyOptionsHtml } from "#app/features/currency/currency.ts";
import { MSG } from "#contract/messages.ts";

/**
 * The display-currency picker: one native `<select>` in a form posting to /currency, which saves the cookie and
 * redirects back here. Without JavaScript the shopper picks and presses Set currency; with it, choosing submits at once.
 * A native control keeps the ninety currencies to ninety `<option>`s on every page, and the browser gives the
 * scrollable list, keyboard and outside-click handling. The options exist only in the server's HTML: the server
 * writes them as one string (`currencyOptionsHtml`, `selected` on the current currency) as the select's inner HTML,
 * and the browser keeps them, as hydration leaves an element's inner HTML alone; neither the page's data nor its
 * scripts carry the currency table.
 * The page's scripts start after its first paint: a choice made before they run (no Set currency button then, as
 * JavaScript is on) is submitted when the picker hydrates. The select opts out of the browser's form restoring,
 * so the choice it shows after a history navigation is the saved one, never an old pick to submit again.
 */
const CURRENCY_ACTION = "/currency";
/** The query that asks /currency for the picker's options instead of a redirect. */
export const CURRENCY_OPTIONS_PARAM = "options";

/**
 * Whether a currency the shopper chose is on its way (saved, then the page's data loaded again): the picker shows
 * the new currency while the prices on the page are still the old one's, so the layout marks them as updating.
 */
export function useCurrencyChanging(): boolean {
  const { state, formAction } = useNavigation();
  return state !== "idle" && formAction !== undefined && new URL(formAction, "http://shop.invalid").pathname === CURRENCY_ACTION;
}

/** The server's options; in the browser, whatever the server wrote stays (the build drops the table from the scripts). */
const optionsHtml = (current: string) => (import.meta.env.SSR ? currencyOptionsHtml(current) : "");

export function CurrencyPicker({ current }: { current: string }) {
  const location = useLocation();
  const submit = useSubmit();
  const select = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a choice made before hydration is submitted once, when the picker hydrates.
  useEffect(() => {
    if (select.current && select.current.value !== current) submit(select.current.form, { preventScrollReset: true });
  }, []);
  // Once the page has loaded its data again, the control shows the currency the server applied.
  const applied = useRef(current);
  useEffect(() => {
    if (select.current && applied.current !== current) select.current.value = current;
    applied.current = current;
  }, [current]);
  // Hydration keeps the server's options, but a picker React renders anew in the browser (the page rendered again
  // after a hydration mismatch) has none: it asks the server for them. A failure leaves the list empty until the
  // next page.
  useEffect(() => {
    const element = select.current;
    if (!element || element.options.length > 0) return;
    fetch(`${CURRENCY_ACTION}?${CURRENCY_OPTIONS_PARAM}`)
      .then((answer) => (answer.ok ? answer.text() : ""))
      .then((html) => {
        element.innerHTML = html;
        element.value = applied.current;
      })
      .catch(() => undefined);
  }, []);

  return (
    <Form method="post" action={CURRENCY_ACTION} preventScrollReset className="currency-picker">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label className="visually-hidden" htmlFor="currency-select">
        {MSG.pricing.displayCurrency}
      </label>
      <select
        ref={select}
        id="currency-select"
        name="currency"
        autoComplete="off"
        className="currency-picker__select"
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own currency table, escaped once per process (currency.ts); hydration keeps the server's options.
        dangerouslySetInnerHTML={{ __html: optionsHtml(current) }}
        // The browser's empty string differs from the server's options on purpose: hydration keeps the server's.
        suppressHydrationWarning
      />
      <noscript>
        <button type="submit" className="currency-picker__apply">
          {MSG.pricing.applyCurrency}
        </button>
      </noscript>
    </Form>
  );
}
