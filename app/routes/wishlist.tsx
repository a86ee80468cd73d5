import { apiFor } from "#app/api-client/api.server.ts";
import { LISTING_PATH } from "#app/features/catalogue/listing-path.ts";
import { cardAnchor } from "#app/features/catalogue/product-view.ts";
import { type WishlistCardView, wishlistCardView } from "#app/features/wishlist/engagement-view.ts";
import { addToWishlist, fetchWishlist, removeFromWishlist } from "#app/features/wishlist/wishlist.server.ts";
import { WishlistCard } from "#app/features/wishlist/wishlist-card.tsx";
import { wishlistIntentSchema } from "#app/features/wishlist/wishlist-schema.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { optionalUser, requireVerifiedUser } from "#app/session/auth.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { signInUrlFor } from "#app/session/sign-in-path.ts";
import { shoppingPathSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/wishlist";

export const links: Route.LinksFunction = () => shoppingPathSheets("catalogue", "wishlist");

const WISHLIST_PATH = "/wishlist";

export const meta: Route.MetaFunction = () => [{ title: `${MSG.wishlist.title} | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const result = await fetchWishlist(apiFor(context), token);
  if (!result.ok) return { items: [] as WishlistCardView[], error: result.message };
  const items = result.data.flatMap((entry) => wishlistCardView(entry) ?? []);
  return { items, error: null };
}

/**
 * The wishlist's one action, switching on intent. The heart on product cards and the detail page adds or
 * removes and returns to `redirectTo` (same-site) with a toast; adding sends a signed-out shopper to sign in
 * first. This page's remove buttons send no `redirectTo` and come back here, so the list reloads.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = wishlistIntentSchema.safeParse(form);
  if (!parsed.success) {
    const adding = form.intent === "add";
    const back = safeRedirectPath(form.redirectTo, WISHLIST_PATH);
    return redirectWithToast(request, back, "error", adding ? MSG.wishlist.addFailed : MSG.wishlist.removeItemFailed, { status: 303 });
  }
  const api = apiFor(context);
  const intent = parsed.data;

  if (intent.intent === "add") {
    const back = safeRedirectPath(intent.redirectTo, WISHLIST_PATH);
    // From a card, signing in comes back to that card.
    const backToCard = intent.cardGrid ? `${back.split("#")[0]}#${cardAnchor(intent.cardGrid, intent.productId)}` : back;
    const toSignIn = () => redirectWithToast(request, signInUrlFor(backToCard), "warning", MSG.wishlist.loginRequired, { status: 303 });
    const stored = await optionalUser(request);
    if (!stored) return toSignIn();
    // A stored unverified account may have been verified since, on another device: the API says which.
    const signedIn = stored.user.email_verified ? stored : await requireVerifiedUser(request, context);
    const added = await addToWishlist(api, signedIn.token, intent.productId);
    if (added.ok) {
      const name = added.data.product_name || MSG.wishlist.defaultProductName;
      return redirectWithToast(request, back, "wishlist", `${name} ${MSG.wishlist.addedSuffix}`, { status: 303 });
    }
    // A token the API no longer accepts (signed out elsewhere, expired) is the same as no sign-in.
    if (added.status === 401) return toSignIn();
    return redirectWithToast(request, back, "error", MSG.wishlist.addFailed, { status: 303 });
  }

  const { token } = await requireVerifiedUser(request, context);
  const back = safeRedirectPath(intent.redirectTo, WISHLIST_PATH);
  const removed = await removeFromWishlist(api, token, intent.productId);
  if (!removed.ok) return redirectWithToast(request, back, "error", MSG.wishlist.removeItemFailed, { status: 303 });
  const name = removed.data.product_name || MSG.wishlist.defaultProductName;
  return redirectWithToast(request, back, "success", `${name} ${MSG.wishlist.removedSuffix}`, { status: 303 });
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { items, error } = loaderData;
  return (
    <div className="wishlist-page">
      <PageHeader title={MSG.wishlist.title} intro={MSG.wishlist.subtitle} trail={[{ label: "Wishlist" }]} />
      <div className="container wishlist-page__body">
        {error !== null ? (
          <StateMessage tone="error" title={MSG.wishlist.loadError} hint={error} retryHref={WISHLIST_PATH} />
        ) : items.length === 0 ? (
          <StateMessage title={MSG.wishlist.empty} hint={MSG.wishlist.emptyHint}>
            <ButtonLink to={LISTING_PATH} variant="primary">
              {MSG.wishlist.startShopping}
            </ButtonLink>
          </StateMessage>
        ) : (
          <ul className="wishlist-grid" aria-label={MSG.wishlist.title}>
            {items.map((item, index) => (
              <li key={item.productId}>
                <WishlistCard item={item} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
