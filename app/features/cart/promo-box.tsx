import { useId, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { AppliedPromo } from "#app/features/checkout/checkout.ts";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { Price } from "#app/ui/price.tsx";
import { useModalDialog } from "#app/ui/use-modal-dialog.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { PROMO_CODE_MAX } from "#contract/schemas/checkout.ts";

interface PromoBoxProps {
  applied: AppliedPromo | null;
  /** The refusal of the last attempt, shown under the field with the code as it was typed. */
  error: string | null;
  typed: string;
}

/** Apply a promo code (validated on the server against this basket) or remove the one applied. */
export function PromoBox({ applied, error, typed }: PromoBoxProps) {
  const inputId = useId();
  const errorId = useId();
  if (applied) {
    return (
      <div className="promo-box promo-box--applied" role="status">
        <p className="promo-box__label">Promo code</p>
        <div className="promo-box__applied">
          <span className="promo-box__code">{applied.code}</span>
          <span className="promo-box__saving">
            You save <Price amount={toGbp(applied.discountPence)} />
          </span>
          <Form method="post" action="/cart" preventScrollReset>
            <input type="hidden" name="intent" value="removePromo" />
            <button type="submit" className="promo-box__remove">
              Remove
            </button>
          </Form>
        </div>
      </div>
    );
  }
  return (
    <Form method="post" action="/cart" className="promo-box" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="applyPromo" />
      <LoadingTextField text={MSG.loading.default} />
      <label className="promo-box__label" htmlFor={inputId}>
        Promo code
      </label>
      <div className="promo-box__row">
        <input
          id={inputId}
          className="promo-box__input"
          type="text"
          name="code"
          defaultValue={typed}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="promo-box__apply">
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="promo-box__error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * The one-time congratulations after a code is applied: an open dialog rendered by the server (the cart
 * cookie carries it to exactly one render), closed by a link back to the cart, so it needs no JavaScript. With
 * JavaScript it is a true modal: focus inside, Escape or a click outside closes it, and focus then goes to the
 * applied code.
 */
export function PromoCelebration({ code, saved }: { code: string; saved: string }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useModalDialog(
    dialog,
    () => document.querySelector(".promo-box__remove"),
    () => navigate("/cart", { replace: true, preventScrollReset: true }),
  );
  return (
    <div className="promo-celebration" role="presentation">
      <dialog ref={dialog} open className="promo-celebration__dialog" aria-labelledby={titleId}>
        <p className="promo-celebration__eyebrow">Congratulations</p>
        <h2 id={titleId} className="promo-celebration__title">
          {MSG.promo.applied(saved)}
        </h2>
        <p className="promo-celebration__text">
          Your code <strong>{code}</strong> is now applied to your order. The saving is shown in your order summary.
        </p>
        <Link to="/cart" className="promo-celebration__close" preventScrollReset replace>
          Continue
        </Link>
      </dialog>
    </div>
  );
}
