import { type CSSProperties, memo } from "react";
import { TIMING_MS, topBarMessages } from "#app/lib/constants.ts";
import { CurrencyPicker } from "./currency-picker.tsx";

/**
 * Currency picker, the rotating promise (a pure CSS cycle of TIMING_MS.topBarRotation per message) and a spacer.
 * `firstPurchasePercent` is the live first-purchase saving (null: none, and the bar promises none).
 */
export const TopBar = memo(function TopBar({
  currency,
  currencySymbol,
  firstPurchasePercent,
}: {
  currency: string;
  currencySymbol: string;
  firstPurchasePercent: number | null;
}) {
  const messages = topBarMessages(firstPurchasePercent);
  const cycle = {
    "--rotation-step": `${TIMING_MS.topBarRotation}ms`,
    "--rotation-count": messages.length,
  } as CSSProperties;
  return (
    // A named region, so the currency picker and the shop's promises sit in a landmark like the rest of the page.
    <section className="top-bar" aria-label="Shop news and currency">
      <div className="top-bar__inner container">
        <div className="top-bar__start">
          <CurrencyPicker current={currency} symbol={currencySymbol} />
        </div>
        <ul className="top-bar__messages" style={cycle}>
          {messages.map((message, index) => (
            <li key={message} className="top-bar__message" style={{ "--message-index": index } as CSSProperties}>
              {keepDashOnLine(message)}
            </li>
          ))}
        </ul>
        <div className="top-bar__end" aria-hidden="true" />
      </div>
    </section>
  );
});

/** A narrow bar wraps the messages: a no-break space before a spaced dash keeps it from starting the second line. */
const keepDashOnLine = (message: string) => message.replaceAll(" - ", "\u00a0- ");
