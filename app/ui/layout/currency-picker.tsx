import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { CurrencyChoice } from "#app/features/currency/currency.ts";
import { CURRENCY_ACTION, CURRENCY_LIST_URL, CurrencyChoices } from "#app/features/currency/currency-choices.tsx";
import { currencyLabel } from "#app/features/currency/price-format.ts";
import { Icon } from "#app/ui/icons.tsx";
import { useDismiss } from "#app/ui/use-dismissable-details.ts";
import { MSG } from "#contract/messages.ts";

/**
 * Whether a currency the shopper chose is on its way (saved, then the page's data loaded again): the prices on the
 * page are still the old one's, so the layout marks them as updating.
 */
export function useCurrencyChanging(): boolean {
  const { state, formAction } = useNavigation();
  return state !== "idle" && formAction !== undefined && new URL(formAction, "http://shop.invalid").pathname === CURRENCY_ACTION;
}

/**
 * The list, fetched once per page life when a shopper first reaches for the picker (JSON the browser may keep: a
 * dynamic import would add Vite's preload helper to every page's scripts).
 */
let choicesLoading: Promise<readonly CurrencyChoice[]> | undefined;
function loadChoices(): Promise<readonly CurrencyChoice[]> {
  choicesLoading ??= fetch(CURRENCY_LIST_URL)
    .then((answer) => {
      if (!answer.ok) throw new Error(`The currency list answered ${answer.status}`);
      return answer.json() as Promise<readonly CurrencyChoice[]>;
    })
    .catch((error: unknown) => {
      choicesLoading = undefined;
      throw error;
    });
  return choicesLoading;
}

const MENU_ID = "currency-menu";

/**
 * The display-currency picker (decision 0075): a link to the currency page, which lists every currency as a form
 * posting to /currency (it saves the cookie and redirects back here). With JavaScript the link instead toggles
 * that list under it, loaded when the shopper points at or focuses the picker; a press outside or Escape closes
 * it, and choosing posts the form and closes it. No page carries the ninety currencies.
 */
export function CurrencyPicker({ current, symbol }: { current: string; symbol: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const redirectTo = `${location.pathname}${location.search}`;
  const href = `${CURRENCY_ACTION}?${new URLSearchParams({ redirectTo })}`;
  // Open at one location: the list closes itself when the shopper goes elsewhere.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (shown: boolean) => setOpenAt(shown ? location.key : null);
  const [choices, setChoices] = useState<readonly CurrencyChoice[] | null>(null);
  const picker = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);

  const prefetch = () => {
    if (!choices) loadChoices().then(setChoices, () => undefined);
  };
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  useDismiss(picker, (how) => (how === "escape" ? close() : setOpen(false)), open);

  // The list opens at the currency in force, focused, so the keyboard starts there.
  useEffect(() => {
    if (open && choices) picker.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }, [open, choices]);

  return (
    <div className="currency-picker" ref={picker}>
      <a
        ref={toggle}
        href={href}
        className="currency-picker__toggle"
        aria-expanded={open}
        aria-controls={open ? MENU_ID : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          // A click with a modifier opens the currency page as the browser would (a new tab or window).
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          if (open) {
            setOpen(false);
            return;
          }
          setOpen(true);
          // Without the list (offline, a new release), the currency page still offers it.
          if (!choices) loadChoices().then(setChoices, () => navigate(href));
        }}
      >
        <span className="visually-hidden">{MSG.pricing.displayCurrency}: </span>
        {currencyLabel({ code: current, symbol })}
        <Icon name="chevronDown" className="currency-picker__chevron" />
      </a>
      {open ? (
        <div id={MENU_ID} className="currency-picker__menu" aria-busy={choices ? undefined : true}>
          {choices ? (
            <CurrencyChoices choices={choices} current={current} redirectTo={redirectTo} onChoose={close} />
          ) : (
            <p className="currency-picker__loading">{MSG.loading.currencies}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
