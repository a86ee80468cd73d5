import type { FormEvent, ReactNode } from "react";
import { type Fetcher, useFetchers, useLocation, useRouteLoaderData, useSubmit } from "react-router";
import type { CartVariant, QuickAddVariant } from "#app/features/catalogue/product-view.ts";
import { SUBMISSION_TOKEN_FIELD } from "#app/lib/constants.ts";
import { Icon } from "#app/ui/icons.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * The cart and wishlist forms of the catalogue. They are plain forms posting to the /cart and /wishlist actions
 * (which redirect back to `redirectTo` with a toast); with JavaScript each submission runs as a fetcher keyed
 * by its form, so the page stays. A grid of cards reads the router once for all its forms (`useCatalogueForms`)
 * instead of a fetcher, a router `Form` and a resolved action path per form.
 */
export interface CatalogueForms {
  /** This page, where the actions send the shopper back to. */
  redirectTo: string;
  /** This page's add-to-cart token: a form posted twice without JavaScript adds once. */
  submissionToken: string;
  /** The signed-in shopper's saved products (the root loader reads the list once per page). */
  savedIds: readonly number[];
  /** The fetchers of this page, among them the submissions in flight, each under its key. */
  fetchers: readonly (Fetcher & { key: string })[];
  /** Posts a form (none has a named button) as the fetcher `key`, without navigating. */
  submitAs: (key: string) => (event: FormEvent<HTMLFormElement>) => void;
}

export function useCatalogueForms(): CatalogueForms {
  const location = useLocation();
  const submit = useSubmit();
  const root = useRouteLoaderData<{ wishlistIds?: number[]; submissionToken?: string }>("root");
  return {
    redirectTo: `${location.pathname}${location.search}`,
    submissionToken: root?.submissionToken ?? "",
    savedIds: root?.wishlistIds ?? [],
    fetchers: useFetchers(),
    submitAs: (key) => (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      // The page stays where it is: a card's anchor in `redirectTo` is for the redirect of a page without JavaScript,
      // and so is the page's token: here a form is disabled while it posts, and may add again afterwards.
      const formData = new FormData(form);
      const back = formData.get("redirectTo");
      if (typeof back === "string") formData.set("redirectTo", back.split("#")[0]);
      formData.delete(SUBMISSION_TOKEN_FIELD);
      submit(formData, {
        method: "post",
        action: form.getAttribute("action") ?? undefined,
        navigate: false,
        fetcherKey: key,
        preventScrollReset: true,
      });
    },
  };
}

/** The submission in flight as the fetcher `key`, if any. */
const inFlight = (forms: CatalogueForms, key: string) => forms.fetchers.find((fetcher) => fetcher.key === key && fetcher.state !== "idle");

type AddToCartProps = {
  forms: CatalogueForms;
  productId: number;
  fit?: string | null;
  className?: string;
  /** Extra controls inside the form (the detail page's quantity stepper); without them the action adds one. */
  quantityField?: ReactNode;
  children: (state: { busy: boolean; disabled: boolean }) => ReactNode;
} & ({ source: "card"; variant: QuickAddVariant | null } | { source: "detail"; variant: CartVariant | null });

export function AddToCartForm(props: AddToCartProps) {
  const { forms, source, productId, variant, fit, className, quantityField, children } = props;
  const key = `add-to-cart-${source}-${productId}`;
  const busy = inFlight(forms, key) !== undefined;
  // A card's add needs only the variant: the action takes `source` as card and the quantity as 1 when they
  // are missing, and a card's colour and size from the variant it names.
  const fromDetail = source === "detail";
  return (
    <form method="post" action="/cart" className={className} onSubmit={forms.submitAs(key)}>
      <input type="hidden" name="intent" value="add" />
      {fromDetail ? <input type="hidden" name="source" value={source} /> : null}
      <input type="hidden" name="productId" value={productId} />
      {variant ? <input type="hidden" name="variantId" value={variant.id} /> : null}
      {props.source === "detail" && props.variant ? (
        <>
          <input type="hidden" name="color" value={props.variant.color_name} />
          <input type="hidden" name="size" value={props.variant.size} />
        </>
      ) : null}
      {fit ? <input type="hidden" name="fit" value={fit} /> : null}
      {quantityField}
      <input type="hidden" name="redirectTo" value={forms.redirectTo} />
      <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={forms.submissionToken} />
      {children({ busy, disabled: variant === null || variant.stock < 1 })}
    </form>
  );
}

/** The card's add-to-cart icon: the first variant with stock, quantity 1. */
export function QuickAddButton({
  forms,
  productId,
  productName,
  variant,
}: {
  forms: CatalogueForms;
  productId: number;
  productName: string;
  variant: QuickAddVariant | null;
}) {
  return (
    <AddToCartForm forms={forms} source="card" productId={productId} variant={variant} className="icon-form">
      {({ busy, disabled }) => (
        <button
          type="submit"
          className="icon-button"
          // While its post runs, a second tap adds nothing.
          disabled={disabled || busy}
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
 * The heart: shows whether the product is on the signed-in shopper's wishlist and adds or removes it. With
 * JavaScript it flips at once while the post runs.
 */
export function WishlistButton({
  forms,
  productId,
  productName,
  className = "icon-button",
}: {
  forms: CatalogueForms;
  productId: number;
  productName: string;
  className?: string;
}) {
  const key = `wishlist-${productId}`;
  const submission = inFlight(forms, key);
  const pending = submission?.formData?.get("intent");
  const saved = pending ? pending === "add" : forms.savedIds.includes(productId);
  const label = saved ? MSG.catalogue.removeFromWishlist : MSG.catalogue.addToWishlist;
  return (
    <form method="post" action="/wishlist" className="icon-form" onSubmit={forms.submitAs(key)}>
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={forms.redirectTo} />
      <LoadingTextField text={MSG.loading.updatingWishlist} />
      <button
        type="submit"
        className={`${className} wishlist-toggle`}
        data-saved={saved || undefined}
        aria-busy={submission !== undefined || undefined}
        title={label}
      >
        <Icon name="heart" />
        <span className="visually-hidden">{`${label}: ${productName}`}</span>
      </button>
    </form>
  );
}
