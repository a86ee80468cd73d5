import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon } from "#app/components/ui/icons.tsx";

/**
 * The add form's quantity: a number input limited to the variant's stock (it works alone without
 * JavaScript), with minus and plus buttons once hydrated. The input is uncontrolled, so a quantity typed
 * before hydration stays. Re-key it to reset to 1.
 */
export function QuantityStepper({ max, disabled }: { max: number; disabled: boolean }) {
  const enhanced = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [quantity, setQuantity] = useState(1);
  const limit = Math.max(1, max);
  const clamp = (value: number) => Math.min(limit, Math.max(1, value));
  const set = (value: number) => {
    setQuantity(clamp(value));
    if (input.current) input.current.value = String(clamp(value));
  };
  // The buttons follow a quantity typed while the page hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    setQuantity(clamp(Number(input.current?.value) || 1));
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
        ref={input}
        defaultValue={1}
        onChange={(event) => setQuantity(clamp(Number(event.target.value) || 1))}
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
