import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { type CartItem, itemHref, pendingQuantity } from "#app/features/cart/cart.ts";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { Price } from "#app/ui/price.tsx";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";

/** Hidden fields every cart-line form carries. */
function LineFields({ intent, lineId }: { intent: string; lineId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lineId" value={lineId} />
      <LoadingTextField text={MSG.loading.updatingCart} />
    </>
  );
}

/**
 * One cart line: image and name linking to the product, its choices, unit price, a quantity stepper and remove.
 * Every control is a plain POST form to /cart; with JavaScript they run through one fetcher that shows the
 * pending quantity at once.
 */
export function CartLineRow({ item }: { item: CartItem }) {
  const fetcher = useFetcher();
  const quantityFormId = useId();
  const pending = fetcher.formData ? pendingQuantity(item, fetcher.formData) : null;
  const shownQuantity = pending ?? item.quantity;
  const href = itemHref(item);
  const quantityLabel = `Quantity of ${item.name}`;

  return (
    <li className="cart-line" data-pending={fetcher.state !== "idle" || undefined} hidden={shownQuantity === 0 || undefined}>
      <Link to={href} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <img src={item.image} alt="" width={240} height={300} loading="lazy" decoding="async" />
      </Link>

      <div className="cart-line__details">
        <h2 className="cart-line__name">
          <Link to={href}>{item.name}</Link>
        </h2>
        <dl className="cart-line__choices">
          <div>
            <dt>Colour</dt>
            <dd>{item.selectedColor}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{item.selectedSize}</dd>
          </div>
          <div>
            <dt>Fit</dt>
            <dd>{item.selectedFit}</dd>
          </div>
        </dl>
        <p className="cart-line__unit">
          <Price amount={toGbp(item.unitPricePence)} /> <span className="cart-line__each">each</span>
          {item.extraPricePence > 0 ? (
            <span className="cart-line__extra">
              includes <Price amount={toGbp(item.extraPricePence)} /> variant extra
            </span>
          ) : null}
        </p>
      </div>

      <div className="cart-line__quantity">
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset lays its flex items out in an inner box that ignores its height. */}
        <div role="group" className="stepper" aria-label={quantityLabel}>
          <fetcher.Form method="post" action="/cart" preventScrollReset>
            <LineFields intent="decrement" lineId={item.id} />
            {/* The spec keeps a line at 1 or more: removing is the Remove button's. */}
            <button type="submit" className="stepper__button" disabled={shownQuantity <= 1}>
              <span aria-hidden="true">−</span>
              <span className="visually-hidden">{`Decrease quantity of ${item.name}`}</span>
            </button>
          </fetcher.Form>
          <input
            // Re-mounts on every submission and its end, so a refused typed value falls back to the real quantity.
            key={pending === null ? `current-${item.quantity}` : `pending-${pending}`}
            form={quantityFormId}
            className="stepper__value"
            type="number"
            name="quantity"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={shownQuantity}
            aria-label={quantityLabel}
            // With JavaScript a typed quantity applies on leaving the field; Enter submits it in both modes.
            onBlur={(event) => {
              const input = event.currentTarget;
              if (input.form && input.value !== String(shownQuantity)) fetcher.submit(input.form);
            }}
          />
          <fetcher.Form method="post" action="/cart" preventScrollReset>
            <LineFields intent="increment" lineId={item.id} />
            <button type="submit" className="stepper__button" disabled={item.atMax}>
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">{`Increase quantity of ${item.name}`}</span>
            </button>
          </fetcher.Form>
        </div>
        {/* Update is for a typed quantity without JavaScript; the stylesheet hides it when scripting is on. */}
        <fetcher.Form id={quantityFormId} method="post" action="/cart" preventScrollReset className="cart-line__update">
          <LineFields intent="set" lineId={item.id} />
          <button type="submit" className="cart-line__text-button">
            {MSG.cart.update}
          </button>
        </fetcher.Form>
        {item.atMax ? <p className="cart-line__max">{MSG.cart.maxReached}</p> : null}
      </div>

      <p className="cart-line__total">
        <span className="visually-hidden">Line total: </span>
        <Price amount={toGbp(item.unitPricePence * shownQuantity)} />
      </p>

      <fetcher.Form method="post" action="/cart" preventScrollReset className="cart-line__remove">
        <LineFields intent="remove" lineId={item.id} />
        {/* The visible word starts the accessible name, so voice control users can say what they see. */}
        <button type="submit" className="cart-line__text-button">
          Remove<span className="visually-hidden">{` ${item.name} from cart`}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}
