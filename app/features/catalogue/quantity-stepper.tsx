import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon } from "#app/ui/icons.tsx";

/**
 * The add form's quantity: a number input limited to the variant's stock (it works alone without
 * JavaScript), with minus and plus buttons once hydrated. Re-key it to reset to 1. The input is uncontrolled:
 * a quantity typed before hydration stays, and the buttons start from it.
 */
export function QuantityStepper({ max, disabled }: { max: number; disabled: boolean }) {
  const enhanced = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [quantity, setQuantity] = useState(1);
  const limit = Math.max(1, max);
  /** Shows `value` kept within 1 and the limit, in the input and the buttons. */
  const set = (value: number) => {
    const kept = Math.min(limit, Math.max(1, value || 1));
    if (input.current && input.current.value !== String(kept)) input.current.value = String(kept);
    setQuantity(kept);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, at hydration; later changes come through onInput.
  useEffect(() => {
    if (input.current) set(Number(input.current.value));
  }, []);
  return (
    <div className="quantity">
      <label htmlFor="detail-quantity" className="visually-hidden">
        Quantity
      </label>
      {enhanced ? (
        <button type="button" className="quantity__step" onClick={() => set(quantity - 1)} disabled={disabled || quantity <= 1}>
          <Icon name="minus" />
          <span className="visually-hidden">Decrease quantity</span>
        </button>
      ) : null}
      <input
        ref={input}
        id="detail-quantity"
        className="quantity__input"
        type="number"
        name="quantity"
        inputMode="numeric"
        min={1}
        max={limit}
        step={1}
        required
        disabled={disabled}
        defaultValue={1}
        onInput={(event) => set(Number(event.currentTarget.value))}
      />
      {enhanced ? (
        <button type="button" className="quantity__step" onClick={() => set(quantity + 1)} disabled={disabled || quantity >= limit}>
          <Icon name="plus" />
          <span className="visually-hidden">Increase quantity</span>
        </button>
      ) : null}
    </div>
  );
}
