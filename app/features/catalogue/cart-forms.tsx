import type { FormEvent, ReactNode } from "react";
import { type Fetcher, useFetchers, useLocation, useRouteLoaderData, useSubmit } from "react-router";
import type { CartVariant } from "#app/features/catalogue/product-view.ts";
import { SUBMISSION_TOKEN_FIELD } from "#app/lib/constants.ts";
import { Icon } from "#app/ui/icons.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * The cart and wishlist forms of the catalogue. They are plain forms posting to the /cart and /wishlist actions
 * (which redirect back to `redirectTo` with a toast); with JavaScript each submission runs as a fetcher keyed
 * by its product, so the page stays. A grid of cards reads the router once for all its forms (`useCatalogueForms`)
 * and has each form once (`CardForms`): a card's buttons name the form they post and carry their product.
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
  /** Posts a form of its own (no named button) as the fetcher `key`, without navigating. */
  submitAs: (key: string) => (event: FormEvent<HTMLFormElement>) => void;
  /** Posts a grid's shared form as the fetcher `<prefix>-<product id>`, the product being its pressed button's value. */
  submitCard: (prefix: string) => (event: FormEvent<HTMLFormElement>) => void;
}

export function useCatalogueForms(): CatalogueForms {
  const location = useLocation();
  const submit = useSubmit();
  const root = useRouteLoaderData<{ wishlistIds?: number[]; submissionToken?: string }>("root");
  const post = (event: FormEvent<HTMLFormElement>, key: string, submitter?: HTMLElement | null) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The page's token is for a page without JavaScript posting twice: here a form is disabled while it posts,
    // and may add again afterwards.
    const formData = new FormData(form, submitter);
    formData.delete(SUBMISSION_TOKEN_FIELD);
    // The form's own action: a card button's `formaction` adds its anchor, for the redirect without JavaScript.
    submit(formData, {
      method: "post",
      action: form.getAttribute("action") ?? undefined,
      navigate: false,
      fetcherKey: key,
      preventScrollReset: true,
    });
  };
  return {
    redirectTo: `${location.pathname}${location.search}`,
    submissionToken: root?.submissionToken ?? "",
    savedIds: root?.wishlistIds ?? [],
    fetchers: useFetchers(),
    submitAs: (key) => (event) => post(event, key),
    submitCard: (prefix) => (event) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      post(event, `${prefix}-${submitter?.getAttribute("value") ?? ""}`, submitter);
    },
  };
}

/** The submission in flight as the fetcher `key`, if any. */
const inFlight = (forms: CatalogueForms, key: string) => forms.fetchers.find((fetcher) => fetcher.key === key && fetcher.state !== "idle");

/** The fetcher keys of the catalogue's submissions: a product's add to cart and its heart. */
const ADD_KEY = "add-to-cart";
const WISHLIST_KEY = "wishlist";

/** The ids of a grid's shared forms, unique on the page, and the grid's anchor prefix (`gridId`). */
export interface CardFormIds {
  grid: string;
  add: string;
  save: string;
  unsave: string;
}

export const cardFormIds = (gridId: string): CardFormIds => ({
  grid: gridId,
  add: `${gridId}-add`,
  save: `${gridId}-save`,
  unsave: `${gridId}-unsave`,
});

/**
 * A grid's forms, once for all its cards: add to cart (the first variant in stock, quantity 1), save and unsave.
 * A card's button names its form (`form`), carries its product (`name="productId"`) and, in `formaction`, its
 * card's anchor: a redirect without a fragment keeps the request's, so without JavaScript the action's redirect
 * lands back on the card the shopper tapped. The save form names the grid too (`cardGrid`): a signed-out shopper
 * is sent to sign in, and comes back to the card (`<grid>-<product>`) afterwards.
 */
export function CardForms({ ids, forms }: { ids: CardFormIds; forms: CatalogueForms }) {
  return (
    <>
      <form id={ids.add} method="post" action="/cart" onSubmit={forms.submitCard(ADD_KEY)}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="redirectTo" value={forms.redirectTo} />
        <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={forms.submissionToken} />
      </form>
      {(["add", "remove"] as const).map((intent) => (
        <form
          key={intent}
          id={intent === "add" ? ids.save : ids.unsave}
          method="post"
          action="/wishlist"
          onSubmit={forms.submitCard(WISHLIST_KEY)}
        >
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="redirectTo" value={forms.redirectTo} />
          {intent === "add" ? <input type="hidden" name="cardGrid" value={ids.grid} /> : null}
          <LoadingTextField text={MSG.loading.updatingWishlist} />
        </form>
      ))}
    </>
  );
}

/** Where a card's button posts its form: the form's action, with the card's anchor for the redirect. */
const cardAction = (action: string, anchor: string) => `${action}#${anchor}`;

/** The detail page's add to cart: the chosen colour, size and fit, and the quantity field it is given. */
export function AddToCartForm({
  forms,
  productId,
  variant,
  fit,
  className,
  quantityField,
  children,
}: {
  forms: CatalogueForms;
  productId: number;
  variant: CartVariant | null;
  fit?: string | null;
  className?: string;
  quantityField: ReactNode;
  children: (state: { busy: boolean; disabled: boolean }) => ReactNode;
}) {
  const key = `${ADD_KEY}-${productId}`;
  const busy = inFlight(forms, key) !== undefined;
  return (
    <form method="post" action="/cart" className={className} onSubmit={forms.submitAs(key)}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="source" value="detail" />
      <input type="hidden" name="productId" value={productId} />
      {variant ? (
        <>
          <input type="hidden" name="variantId" value={variant.id} />
          <input type="hidden" name="color" value={variant.color_name} />
          <input type="hidden" name="size" value={variant.size} />
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

/** What a card shows of the router's state: its add to cart posting, and whether its product is (being) saved. */
export interface CardState {
  adding: boolean;
  saved: boolean;
  saving: boolean;
}

/** A product's heart: its fetcher key, whether its post runs, and whether it is saved (as the post will leave it). */
function wishlistState(forms: CatalogueForms, productId: number) {
  const key = `${WISHLIST_KEY}-${productId}`;
  const submission = inFlight(forms, key);
  const pending = submission?.formData?.get("intent");
  return { key, busy: submission !== undefined, saved: pending ? pending === "add" : forms.savedIds.includes(productId) };
}

/** A card's state, read once by its grid, so the card itself reads no router state and re-renders only when it changes. */
export function cardState(forms: CatalogueForms, productId: number): CardState {
  const { busy, saved } = wishlistState(forms, productId);
  return { adding: inFlight(forms, `${ADD_KEY}-${productId}`) !== undefined, saved, saving: busy };
}

/** The card's add-to-cart icon: posts the grid's add form for its product; disabled when nothing is in stock. */
export function QuickAddButton({
  ids,
  anchor,
  productId,
  productName,
  inStock,
  busy,
}: {
  ids: CardFormIds;
  anchor: string;
  productId: number;
  productName: string;
  inStock: boolean;
  busy: boolean;
}) {
  const disabled = !inStock;
  return (
    <button
      type="submit"
      form={ids.add}
      formAction={cardAction("/cart", anchor)}
      name="productId"
      value={productId}
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
  );
}

/**
 * The heart: shows whether the product is on the signed-in shopper's wishlist and adds or removes it; with
 * JavaScript it flips at once while the post runs. On a card it posts the grid's save or unsave form (`card`).
 */
export function WishlistToggle({
  saved,
  busy,
  productName,
  className = "icon-button",
  card,
}: {
  saved: boolean;
  busy: boolean;
  productName: string;
  className?: string;
  card?: { ids: CardFormIds; anchor: string; productId: number };
}) {
  const label = saved ? MSG.catalogue.removeFromWishlist : MSG.catalogue.addToWishlist;
  return (
    <button
      type="submit"
      className={`${className} wishlist-toggle`}
      data-saved={saved || undefined}
      aria-busy={busy || undefined}
      title={label}
      {...(card
        ? {
            form: saved ? card.ids.unsave : card.ids.save,
            formAction: cardAction("/wishlist", card.anchor),
            name: "productId",
            value: card.productId,
          }
        : {})}
    >
      <Icon name="heart" />
      <span className="visually-hidden">{`${label}: ${productName}`}</span>
    </button>
  );
}

/** The detail page's heart, in a form of its own. */
export function WishlistButton({
  forms,
  productId,
  productName,
  className,
}: {
  forms: CatalogueForms;
  productId: number;
  productName: string;
  className?: string;
}) {
  const { key, busy, saved } = wishlistState(forms, productId);
  return (
    <form method="post" action="/wishlist" className="icon-form" onSubmit={forms.submitAs(key)}>
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={forms.redirectTo} />
      <LoadingTextField text={MSG.loading.updatingWishlist} />
      <WishlistToggle saved={saved} busy={busy} productName={productName} className={className} />
    </form>
  );
}
