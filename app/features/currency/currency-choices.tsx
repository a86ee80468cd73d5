import { Form } from "react-router";
import type { CurrencyChoice } from "./currency.ts";

/** Where a currency choice is posted: it saves the cookie and redirects back to `redirectTo`. */
export const CURRENCY_ACTION = "/currency";
/** The list alone, as JSON (`CURRENCY_CHOICES`), for the picker with JavaScript. */
export const CURRENCY_LIST_URL = "/currencies.json";

interface CurrencyChoicesProps {
  choices: readonly CurrencyChoice[];
  /** The display currency in force, marked as the current choice. */
  current: string;
  /** The page to return to once the choice is saved. */
  redirectTo: string;
  /** Told when a choice is posted (the picker's list then closes). */
  onChoose?: () => void;
}

/**
 * Every display currency as one form: a button per currency posts its code to /currency. The same list is the
 * top-bar picker's (with JavaScript) and the currency page's (without it).
 */
export function CurrencyChoices({ choices, current, redirectTo, onChoose }: CurrencyChoicesProps) {
  return (
    <Form method="post" action={CURRENCY_ACTION} preventScrollReset className="currency-choices" onSubmit={onChoose}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ul className="currency-choices__list">
        {choices.map(({ code, label, name }) => (
          <li key={code}>
            <button
              type="submit"
              name="currency"
              value={code}
              className="currency-choices__choice"
              aria-current={code === current ? "true" : undefined}
            >
              <span className="currency-choices__label">{label}</span>
              <span className="currency-choices__name">{name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
