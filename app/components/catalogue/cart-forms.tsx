import type { ReactNode } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { LoadingTextField } from "#app/components/layout/loading-overlay.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import type { CartVariant } from "#app/lib/product-view.ts";
import { MSG } from "#contract/messages.ts";

/**
 * The cart and wishlist forms of the catalogue. They post to the /cart and /wishlist actions (which redirect
 * back to `redirectTo` with a toast); with JavaScript the same form runs through a fetcher, so the page stays.
 */
function useReturnPath() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

interface AddToCartProps {
  source: "card" | "detail";
  productId: number;
  variant: CartVariant | null;
  fit?: string | null;
  className?: string;
  /** Extra controls inside the form (the detail page's quantity stepper); without them the action adds one. */
  quantityField?: ReactNode;
  children: (state: { busy: boolean; disabled: boolean }) => ReactNode;
}

export function AddToCartForm({ source, productId, variant, fit, className, quantityField, children }: AddToCartProps) {
  const fetcher = useFetcher({ key: `add-to-cart-${source}-${productId}` });
  const redirectTo = useReturnPath();
  const busy = fetcher.state !== "idle";
  // A card's add needs only the variant: the action takes `source` as card and the quantity as 1 when they
  // are missing, and a card's colour and size from the variant it names.
  const fromDetail = source === "detail";
  return (
    <fetcher.Form method="post" action="/cart" className={className} preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      {fromDetail ? <input type="hidden" name="source" value={source} /> : null}
      <input type="hidden" name="productId" value={productId} />
      {variant ? <input type="hidden" name="variantId" value={variant.id} /> : null}
      {variant && fromDetail ? (
        <>
          <input type="hidden" name="color" value={variant.color_name} />
          <input type="hidden" name="size" value={variant.size} />
        </>
      ) : null}
      {fit ? <input type="hidden" name="fit" value={fit} /> : null}
      {quantityField}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children({ busy, disabled: variant === null || variant.stock < 1 })}
    </fetcher.Form>
  );
}

/** The card's add-to-cart icon: the first variant with stock, quantity 1. */
export function QuickAddButton({
  productId,
  productName,
  variant,
}: {
  productId: number;
  productName: string;
  variant: CartVariant | null;
}) {
  return (
    <AddToCartForm source="card" productId={productId} variant={variant} className="icon-form">
      {({ busy, disabled }) => (
        <button
          type="submit"
          className="icon-button"
          disabled={disabled}
          aria-busy={busy || undefined}
          title={disabled ? MSG.catalogue.outOfStock : MSG.catalogue.addToCart}
        >
          <Icon name="bagPlus" />
          <span className="visually-hidden">
            {disabled ? `${productName}: ${MSG.catalogue.outOfStock}` : `${MSG.catalogue.addToCart}: ${productName}`}
          </span>
        </button>
      )}
    </AddToCartForm>
  );
}

/**
 * The heart: shows whether the product is on the signed-in shopper's wishlist (the root loader reads the list
 * once per page) and adds or removes it. With JavaScript it flips at once while the post runs.
 */
export function WishlistButton({
  productId,
  productName,
  className = "icon-button",
}: {
  productId: number;
  productName: string;
  className?: string;
}) {
  const fetcher = useFetcher({ key: `wishlist-${productId}` });
  const redirectTo = useReturnPath();
  const savedIds = useRouteLoaderData<{ wishlistIds?: number[] }>("root")?.wishlistIds ?? [];
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "add" : savedIds.includes(productId);
  const label = saved ? MSG.wishlist.remove : MSG.catalogue.addToWishlist;
  return (
    <fetcher.Form method="post" action="/wishlist" className="icon-form" preventScrollReset>
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <LoadingTextField text={MSG.loading.updatingWishlist} />
      <button
        type="submit"
        className={`${className} wishlist-toggle`}
        data-saved={saved || undefined}
        aria-busy={fetcher.state !== "idle" || undefined}
        title={label}
      >
        <Icon name="heart" />
        <span className="visually-hidden">{`${label}: ${productName}`}</span>
      </button>
    </fetcher.Form>
  );
}
