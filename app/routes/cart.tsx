import { data, Form, redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { applyCartIntent, readCart, readCartState, serializeCart, serializeCartState } from "#app/features/cart/cart.server.ts";
import { CartLineRow } from "#app/features/cart/cart-line.tsx";
import { cartIntentSchema } from "#app/features/cart/cart-schema.ts";
import { OrderSummary } from "#app/features/cart/order-summary.tsx";
import { loadPricedCart } from "#app/features/cart/priced-cart.server.ts";
import { checkPromo } from "#app/features/cart/promo.server.ts";
import { PromoBox, PromoCelebration } from "#app/features/cart/promo-box.tsx";
import { heldOrderAction, waitingOrderOf } from "#app/features/checkout/hosted-checkout.server.ts";
import { HeldOrderActions } from "#app/features/orders/held-order-actions.tsx";
import { formatHeldUntil } from "#app/features/orders/orders.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { claimSubmission } from "#app/forms/submission-once.server.ts";
import { SUBMISSION_TOKEN_FIELD } from "#app/lib/constants.ts";
import { sharedPageVariant } from "#app/lib/document-caching.server.ts";
import { requestInfoContext } from "#app/lib/request-context.ts";
import { optionalUser, requireVerifiedUser } from "#app/session/auth.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { CART_MAX_LINES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { promoCodeField } from "#contract/schemas/checkout.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/cart";

export const links: Route.LinksFunction = () => areaSheets("cart");

export const meta: Route.MetaFunction = () => [{ title: `Shopping Cart | ${SHOP.name}` }];

/** The cart refreshed against the catalogue and its promo code re-validated, on every render. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await optionalUser(request);
  const api = apiFor(context);
  const [{ headers, lines: _lines, ...cart }, waiting] = await Promise.all([
    loadPricedCart(request, api, signedIn?.token ?? null),
    signedIn ? waitingOrderOf(api, signedIn.token) : null,
  ]);
  return data({ ...cart, waiting }, { headers });
}

/**
 * The one cart action: add, set, increment, decrement, remove, clear. Post/redirect/get:
 * every outcome is a 303 back to `redirectTo` (same-site) or /cart, with a toast when there is something to say.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const form = Object.fromEntries(formData);
  if (form.intent === "pay-order" || form.intent === "cancel-order") {
    const { token } = await requireVerifiedUser(request, context);
    const answer = await heldOrderAction(request, apiFor(context), token, formData, { back: "/cart", cancelled: "/cart" });
    if (answer) return answer;
  }
  if (form.intent === "applyPromo" || form.intent === "removePromo") return promoAction(request, context, form);
  const back = safeRedirectPath(form.redirectTo, "/cart");
  const parsed = cartIntentSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(request, back, "error", form.intent === "add" ? MSG.cart.addFailed : MSG.helper.validation, {
      status: 303,
    });
  }

  // The same add-to-cart form posted again (a double tap without JavaScript) adds nothing more.
  if (
    parsed.data.intent === "add" &&
    !claimSubmission({
      token: form[SUBMISSION_TOKEN_FIELD],
      shopper: context.get(requestInfoContext),
      adds: `${parsed.data.productId}-${parsed.data.variantId ?? ""}`,
      ownPage: sharedPageVariant(request.headers.get("cookie")) === null,
    })
  ) {
    return redirect(back, { status: 303 });
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

/**
 * The promo box: apply validates the code against this basket on the server and keeps it in the cart cookie
 * with a one-time congratulation; a refusal re-renders the box with the text and the code as typed.
 */
async function promoAction(request: Request, context: Route.ActionArgs["context"], form: Record<string, FormDataEntryValue>) {
  const state = await readCartState(request);
  if (form.intent === "removePromo") {
    const cookie = await serializeCartState(request, { ...state, promoCode: null, celebrate: null });
    return redirect("/cart", { status: 303, headers: cookie ? { "Set-Cookie": cookie } : undefined });
  }
  const typed = typeof form.code === "string" ? form.code : "";
  const code = promoCodeField.safeParse(typed);
  if (!code.success) return data({ promoError: code.error.issues[0]?.message ?? MSG.promo.required, typed }, { status: 400 });
  const api = apiFor(context);
  const signedIn = await optionalUser(request);
  const cart = await loadPricedCart(request, api, signedIn?.token ?? null);
  if (cart.failed) return data({ promoError: MSG.promo.validateFailed, typed }, { status: 400 });
  if (cart.items.length === 0) return data({ promoError: MSG.promo.emptyCart, typed }, { status: 400 });
  const check = await checkPromo(api, code.data, cart.summary.subtotalPence + cart.summary.extrasPence, signedIn?.token ?? null);
  if (!check.ok) return data({ promoError: check.message, typed }, { status: 400 });
  const cookie = await serializeCartState(request, {
    lines: cart.lines,
    promoCode: check.promo.code,
    celebrate: toGbp(check.promo.discountPence).toFixed(2),
  });
  return redirectWithToast(request, "/cart", "success", check.message, {
    status: 303,
    headers: cookie ? { "Set-Cookie": cookie } : undefined,
  });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, items, summary, notices, promo, celebrate, waiting } = loaderData;
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
              {waiting ? (
                <div className="cart-notice cart-notice--waiting" role="status">
                  <p>{MSG.payment.waitingInCart(waiting.code, formatHeldUntil(waiting.heldUntil))}</p>
                  <HeldOrderActions orderId={waiting.id} code={waiting.code} />
                </div>
              ) : null}
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
            <OrderSummary
              summary={summary}
              promoCode={promo?.code}
              promo={
                <PromoBox
                  applied={promo}
                  error={actionData && "promoError" in actionData ? actionData.promoError : null}
                  typed={actionData && "typed" in actionData ? actionData.typed : ""}
                />
              }
            />
            {celebrate && promo ? <PromoCelebration code={promo.code} saved={celebrate} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}
