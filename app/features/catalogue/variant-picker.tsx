import { memo } from "react";
import { Link, useLocation } from "react-router";
import { SIZE_CHART_HREF } from "#app/content/product.ts";
import {
  type ProductPageView,
  selectionFromSearch,
  type VariantChoice,
  variantSearch,
} from "#app/features/catalogue/product-detail-view.ts";
import { MSG } from "#contract/messages.ts";

/**
 * Colour, size and fit as links: the choice lives in the URL (`?color=Sage&size=M&fit=Relaxed+Fit`), so it
 * works without JavaScript; with it the links replace the history entry and keep the scroll position.
 * A new colour drops the image choice so the gallery opens on that colour. It reads the choice from the URL
 * itself, so the page hands it only the product (loader data, which keeps its identity), and it is memoised.
 */
export const VariantPicker = memo(function VariantPicker({
  product,
}: {
  product: Pick<ProductPageView, "variants" | "available_fits" | "default_fit">;
}) {
  const location = useLocation();
  const selection = selectionFromSearch(product, location.search);
  const img = new URLSearchParams(location.search).get("img");
  const current: VariantChoice = { color: selection.color, size: selection.size, fit: selection.fit };
  const hrefFor = (change: Partial<VariantChoice>, keepImage: boolean) => {
    const search = variantSearch({ ...current, ...change });
    const withImage = keepImage && img ? `${search}${search ? "&" : "?"}img=${encodeURIComponent(img)}` : search;
    return `${location.pathname}${withImage}`;
  };

  return (
    <div className="variant-picker">
      {selection.colors.length > 0 ? (
        <fieldset className="variant-group">
          <legend className="variant-group__label">
            Colour: <span className="variant-group__value">{selection.color}</span>
          </legend>
          <ul className="swatches">
            {selection.colors.map((color) => (
              <li key={color.name}>
                <Link
                  to={hrefFor({ color: color.name }, false)}
                  className="swatch"
                  aria-current={color.name === selection.color ? "true" : undefined}
                  title={color.name}
                  preventScrollReset
                  replace
                >
                  <span className="swatch__colour" style={{ backgroundColor: color.code }} />
                  <span className="visually-hidden">{color.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {selection.sizes.length > 0 ? (
        <fieldset className="variant-group">
          <legend className="variant-group__label">
            Size: <span className="variant-group__value">{selection.size ?? MSG.catalogue.outOfStock}</span>
          </legend>
          <ul className="size-buttons">
            {selection.sizes.map((option) => (
              <li key={option.size}>
                {option.stock > 0 ? (
                  <Link
                    to={hrefFor({ size: option.size }, true)}
                    className="size-button"
                    aria-current={option.size === selection.size ? "true" : undefined}
                    preventScrollReset
                    replace
                  >
                    {option.size}
                  </Link>
                ) : (
                  <span className="size-button is-unavailable" aria-disabled="true">
                    <s>{option.size}</s>
                    <span className="visually-hidden">: {MSG.catalogue.outOfStock}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
          <Link to={SIZE_CHART_HREF} className="variant-group__link">
            {MSG.catalogue.viewSizeChart}
          </Link>
        </fieldset>
      ) : null}

      {selection.fits.length > 0 ? (
        <fieldset className="variant-group">
          <legend className="variant-group__label">
            Fit: <span className="variant-group__value">{selection.fit}</span>
          </legend>
          <ul className="size-buttons">
            {selection.fits.map((fit) => (
              <li key={fit}>
                <Link
                  to={hrefFor({ fit }, true)}
                  className="size-button size-button--wide"
                  aria-current={fit === selection.fit ? "true" : undefined}
                  preventScrollReset
                  replace
                >
                  {fit}
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
});
