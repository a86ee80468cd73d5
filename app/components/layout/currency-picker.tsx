import { Form, useLocation, useSubmit } from "react-router";
import { MSG } from "#contract/messages.ts";

/**
 * The display-currency picker: one native `<select>` in a form posting to /currency, which saves the cookie and
 * redirects back here. Without JavaScript the shopper picks and presses Set currency; with it, choosing submits at once.
 * A native control keeps the ninety currencies to ninety `<option>`s on every page, and the browser gives the
 * scrollable list, keyboard and outside-click handling. The options arrive as one HTML string from the root
 * loader (`currencyOptionsHtml`, `selected` on the current currency), rendered as the select's inner HTML.
 */
export function CurrencyPicker({ current, optionsHtml }: { current: string; optionsHtml: string }) {
  const location = useLocation();
  const submit = useSubmit();

  return (
    <Form method="post" action="/currency" preventScrollReset className="currency-picker">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label className="visually-hidden" htmlFor="currency-select">
        {MSG.pricing.displayCurrency}
      </label>
      <select
        // Keyed by the saved currency, so the control shows what the server applied once the page reloads its data.
        key={current}
        id="currency-select"
        name="currency"
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
