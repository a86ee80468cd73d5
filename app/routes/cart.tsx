import { data, Form, redirect } from "react-router";
import { CartLineRow } from "#app/components/cart/cart-line.tsx";
import { OrderSummary } from "#app/components/cart/order-summary.tsx";
import { LoadingTextField } from "#app/components/layout/loading-overlay.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { apiFor } from "#app/lib/api.server.ts";
import { applyCartIntent, fetchCartProducts, readCart, serializeCart } from "#app/lib/cart.server.ts";
import { type CartItem, type CartLine, refreshCart } from "#app/lib/cart.ts";
import { readForm } from "#app/lib/form-data.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { cartIntentSchema } from "#app/lib/schemas/cart.ts";
import { redirectWithToast } from "#app/lib/session.server.ts";
import { CART_MAX_LINES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { summarizePrices } from "#contract/pricing.ts";
import { SHOP } from "#contract/shop.ts";
import "#app/styles/cart.css";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: `Shopping Cart | ${SHOP.name}` }];

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);

/** The cart refreshed against the catalogue on every render; the cleaned lines are stored back when they changed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lines = await readCart(request);
  const products = await fetchCartProducts(
    apiFor(context),
    lines.map((line) => line.productId),
  );
  if (!products) return { failed: true as const, items: [] as CartItem[], summary: summarizePrices([]), notices: [] as string[] };

  const cart = refreshCart(lines, products);
  const notices: string[] = [];
  if (cart.removed > 0) notices.push(MSG.cart.linesRemoved);
  if (cart.reduced > 0) notices.push(MSG.cart.quantitiesReduced);
  const cookie = sameLines(cart.lines, lines) ? null : await serializeCart(request, cart.lines);
  return data(
    { failed: false as const, items: cart.items, summary: summarizePrices(cart.items), notices },
    { headers: cookie ? { "Set-Cookie": cookie } : undefined },
  );
}

/**
 * The one cart action: add, set, increment, decrement, remove, clear. Post/redirect/get:
 * every outcome is a 303 back to `redirectTo` (same-site) or /cart, with a toast when there is something to say.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo, "/cart");
  const parsed = cartIntentSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(request, back, "error", form.intent === "add" ? MSG.cart.addFailed : MSG.helper.validation, {
      status: 303,
    });
  }

  const outcome = await applyCartIntent(apiFor(context), await readCart(request), parsed.data);
  const headers = new Headers();
  if (outcome.lines) {
    const cookie = await serializeCart(request, outcome.lines);
    if (!cookie) return redirectWithToast(request, back, "error", MSG.cart.full(CART_MAX_LINES), { status: 303 });
    headers.append("Set-Cookie", cookie);
  }
  if (!outcome.toast) return redirect(back, { status: 303, headers });
  return redirectWithToast(request, back, outcome.toast.type, outcome.toast.message, { status: 303, headers });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { failed, items, summary, notices } = loaderData;
  return (
    <div className="cart-page">
      <PageHeader title="Shopping Cart" trail={[{ label: "Cart" }]} />
      <div className="container cart-page__body">
        {failed ? (
          <section className="cart-state" role="alert">
            <h2 className="cart-state__title">{MSG.catalogue.cartProductsFailed}</h2>
            <ButtonLink to="/cart" variant="outline">
              Try Again
            </ButtonLink>
          </section>
        ) : (
          <div className="cart-layout">
            <section className="cart-items" aria-label="Items in your cart">
              {notices.map((notice) => (
                <p key={notice} className="cart-notice" role="status">
                  {notice}
                </p>
              ))}
              {items.length === 0 ? (
                <div className="cart-state">
                  <h2 className="cart-state__title">{MSG.cart.empty}</h2>
                  <p className="cart-state__hint">{MSG.cart.emptyHint}</p>
                  <ButtonLink to="/products">Continue Shopping</ButtonLink>
                </div>
              ) : (
                <>
                  <div className="cart-items__head">
                    <p className="cart-items__count">
                      {summary.totalItems} {summary.totalItems === 1 ? "item" : "items"}
                    </p>
                    <Form method="post" action="/cart" className="cart-items__clear" preventScrollReset>
                      <input type="hidden" name="intent" value="clear" />
                      <LoadingTextField text={MSG.loading.updatingCart} />
                      <button type="submit" className="cart-line__text-button">
                        Clear cart
                      </button>
                    </Form>
                  </div>
                  <ul className="cart-lines">
                    {items.map((item) => (
                      <CartLineRow key={item.id} item={item} />
                    ))}
                  </ul>
                </>
              )}
            </section>
            <OrderSummary summary={summary} />
          </div>
        )}
      </div>
    </div>
  );
}
