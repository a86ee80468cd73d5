import { useId } from "react";
import { MSG } from "#contract/messages.ts";

/**
 * The promo code box's place in the summary. Applying codes belongs to the checkout work
 * (`POST /public/validate-promo-code`); until it lands the box is shown switched off, with a note saying so.
 */
export function PromoBox() {
  const inputId = useId();
  const noteId = useId();
  return (
    <div className="promo-box">
      <label className="promo-box__label" htmlFor={inputId}>
        Promo code
      </label>
      <div className="promo-box__row">
        <input id={inputId} className="promo-box__input" type="text" name="code" autoComplete="off" disabled aria-describedby={noteId} />
        <button type="button" className="promo-box__apply" disabled>
          Apply
        </button>
      </div>
      <p id={noteId} className="promo-box__note">
        {MSG.cart.promoPending}
      </p>
    </div>
  );
}
