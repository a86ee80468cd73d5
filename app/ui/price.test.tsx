import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Price, useCurrency } from "./price.tsx";

function FormattedByHook({ amount }: { amount: number }) {
  const { currency, format } = useCurrency();
  return (
    <output>
      {currency} {format(amount)}
    </output>
  );
}

/** What the stubbed root route renders, set per test through context. */
const Slot = createContext<ReactNode>(null);
const RootStub = createRoutesStub([{ id: "root", path: "/", Component: () => useContext(Slot) }]);

/** Renders `element` under a root route whose loader data is `rootData`. */
function render(element: ReactNode, rootData?: unknown) {
  return renderToString(
    <Slot.Provider value={element}>
      <RootStub hydrationData={{ loaderData: { root: rootData ?? null } }} />
    </Slot.Provider>,
  );
}

describe("Price", () => {
  it("shows a GBP amount converted to the display currency", () => {
    const html = render(<Price amount={12.5} />, { currency: "USD", currencySymbol: "$", rates: { GBP: 1, USD: 1.27 } });
    expect(html).toBe('<span class="price">$15.88</span>');
  });

  it("shows GBP when the display currency is GBP", () => {
    expect(render(<Price amount={12.5} />, { currency: "GBP", currencySymbol: "£", rates: { GBP: 1 } })).toContain("£12.50");
  });

  it("strikes through an original price and names it for screen readers", () => {
    const html = render(<Price amount={20} original className="card__was" />, { currency: "GBP", currencySymbol: "£", rates: { GBP: 1 } });
    expect(html).toBe('<s class="price price--original card__was"><span class="visually-hidden">Original price<!-- -->: </span>£20.00</s>');
  });

  it("falls back to GBP without root data", () => {
    expect(render(<Price amount={5} />)).toContain("£5.00");
  });

  it("offers the same formatting through useCurrency", () => {
    const html = render(<FormattedByHook amount={10} />, { currency: "EUR", currencySymbol: "€", rates: { GBP: 1, EUR: 1.2 } });
    expect(html).toContain("EUR<!-- --> <!-- -->€12.00");
  });
});
