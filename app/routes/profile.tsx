import { data, Link, redirect } from "react-router";
import { type ApiClient, apiFor, asQuery } from "#app/api-client/api.server.ts";
import type { ApiRoutes } from "#app/api-client/api-call.ts";
import { callForForm, failureReply } from "#app/api-client/form-api.server.ts";
import {
  accountErasureSchema,
  myOrdersSchema,
  noDataSchema,
  orderDetailSchema,
  reviewSchema,
  savedAddressSchema,
} from "#app/api-client/responses.server.ts";
import { AccountPanel } from "#app/features/account/account-panel.tsx";
import { listAddresses } from "#app/features/account/addresses.server.ts";
import { DataRights } from "#app/features/account/data-rights.tsx";
import { idField, pageField } from "#app/features/account/profile-params.server.ts";
import { reviewFormSchema } from "#app/features/catalogue/review-form.ts";
import { reviewFormKey } from "#app/features/catalogue/review-form-checks.ts";
import { heldOrderAction } from "#app/features/checkout/hosted-checkout.server.ts";
import { ItemReview } from "#app/features/orders/item-review.tsx";
import { OrdersPanel } from "#app/features/orders/order-list.tsx";
import { ordersPageHref } from "#app/features/orders/orders.ts";
import { parseForm, readForm } from "#app/forms/form-data.server.ts";
import { pagePath, requireVerifiedUser, signOutSession } from "#app/session/auth.server.ts";
import { commitSession, flashToast, getSession, redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { LogoutForm } from "#app/ui/layout/logout-form.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { PAGE_SIZE } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { addressSchema } from "#contract/schemas/address.ts";
import { accountDeleteSchema } from "#contract/schemas/auth.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/profile";

export const links: Route.LinksFunction = () => areaSheets("catalogue", "account", "orders", "returns");

export const meta: Route.MetaFunction = () => [{ title: `My Profile | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

const TABS = [
  { id: "orders", label: "MY ORDERS" },
  { id: "account", label: "ACCOUNT DETAILS" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const ACCOUNT_TAB = "/profile?tab=account";
const REVIEW_FIELDS = ["rating", "comment"];

/**
 * The tab comes from ?tab= (default orders). The orders tab reads ?page= (newest first) and ?order= (the detail
 * dialog); the account tab reads ?edit= and ?confirmDelete= (view state in the URL).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, user } = await requireVerifiedUser(request, context);
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get("tab") === "account" ? "account" : "orders";
  const account = { name: user.name, email: user.email };
  const api = apiFor(context);
  if (tab === "orders") {
    const page = pageField.parse(params.get("page"));
    const orderId = idField.safeParse(params.get("order")).data;
    const [list, detail] = await Promise.all([listOrders(api, token, page), orderId ? loadOrder(api, token, orderId) : null]);
    // A page past the end (orders gone, or a hand-typed number) shows the last page instead of an empty list.
    const lastPage = list.ordersPage?.totalPages ?? 1;
    if (list.orders?.length === 0 && page > lastPage) throw redirect(ordersPageHref(lastPage));
    return { tab, account, ...list, detail, addresses: null, loadError: null, editId: null, confirmDeleteId: null };
  }

  const result = await listAddresses(api, token);
  return {
    tab,
    account,
    orders: null,
    ordersPage: null,
    ordersError: null,
    detail: null,
    addresses: result.ok ? result.data : null,
    loadError: result.ok ? null : MSG.addresses.fetchFailed,
    editId: idField.safeParse(params.get("edit")).data ?? null,
    confirmDeleteId: idField.safeParse(params.get("confirmDelete")).data ?? null,
  };
}

async function listOrders(api: ApiClient, token: string, page: number) {
  const result = await api({
    send: (c) => c.orders["my-orders"].$get({ query: asQuery({ page, limit: PAGE_SIZE.orders }) }),
    token,
    schema: myOrdersSchema,
  });
  return result.ok
    ? { orders: result.data.orders, ordersPage: result.data.pagination, ordersError: null }
    : { orders: null, ordersPage: null, ordersError: MSG.orders.fetchFailed };
}

async function loadOrder(api: ApiClient, token: string, id: number) {
  const result = await api({
    send: (c) => c.public.orders[":id"].$get({ param: { id: String(id) } }),
    token,
    schema: orderDetailSchema,
  });
  if (result.ok) return { order: result.data, error: null };
  // A row left to the caller (404 for an order that is not the shopper's): not found.
  return { order: null, error: result.callerDecides ? MSG.orders.notFound : MSG.orders.detailFailed };
}

/**
 * The profile's one action, switching on intent: the address book's create, update, delete, default; review and
 * its removal; the shopper's data (clear recently viewed, delete the account; the download is
 * profile.my-data[.]json.tsx); and a waiting hosted
 * order's Pay now and Cancel this order (back to the same page of MY ORDERS).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const api = apiFor(context);
  if (intent === "review") return saveReview(request, api, token, formData);
  if (intent === "remove-review") return removeReview(request, api, token, formData);
  if (intent === "clear-recently-viewed") return clearRecentlyViewed(request, api, token);
  if (intent === "delete-account") return deleteAccount(request, api, token, formData);
  const here = pagePath(request);
  const held = await heldOrderAction(request, api, token, formData, { back: here, cancelled: here });
  if (held) return held;

  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? idField.safeParse(formData.get("id")).data : undefined;
    if (intent === "update" && id === undefined) throw data(null, { status: 400 });
    const submission = parseForm(formData, addressSchema);
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const call = id
      ? {
          send: (c: ApiRoutes) => c.public.addresses[":id"].$put({ param: { id: String(id) }, json: submission.value }),
          token,
          schema: savedAddressSchema,
        }
      : { send: (c: ApiRoutes) => c.public.addresses.$post({ json: submission.value }), token, schema: savedAddressSchema };
    const outcome = await callForForm(
      api,
      call,
      Object.keys(addressSchema.shape),
      id ? MSG.addresses.updateFailed : MSG.addresses.createFailed,
    );
    if (!outcome.ok) {
      const reply = submission.reply(failureReply(outcome));
      return data({ result: reply }, { status: 400 });
    }
    return redirectWithToast(request, ACCOUNT_TAB, "success", outcome.message);
  }

  const id = idField.safeParse(formData.get("id")).data;
  if (id === undefined) throw data(null, { status: 400 });
  if (intent === "delete") {
    const outcome = await callForForm(
      api,
      { send: (c) => c.public.addresses[":id"].$delete({ param: { id: String(id) } }), token, schema: noDataSchema },
      [],
      MSG.addresses.deleteFailed,
    );
    if (!outcome.ok) return redirectWithToast(request, ACCOUNT_TAB, "error", outcome.formError ?? MSG.addresses.deleteFailed);
    return redirectWithToast(request, ACCOUNT_TAB, "success", outcome.message);
  }
  if (intent === "default") return makeDefault(request, api, token, id);
  throw data(null, { status: 400 });
}

/**
 * Writes (POST) or edits (PUT, with `reviewId`) the shopper's review of an item of their order, then goes back
 * to the page it was sent from, the order still open. A refusal answers the form's errors, tagged with the item.
 */
async function saveReview(request: Request, api: ApiClient, token: string, formData: FormData) {
  const submission = parseForm(formData, reviewFormSchema);
  const key = reviewFormKey(submission.payload.orderId, submission.payload.productId);
  if (submission.status !== "success") return data({ review: { key, result: submission.reply() } }, { status: 400 });
  const { orderId, productId, reviewId, rating, comment } = submission.value;
  const call = reviewId
    ? {
        send: (c: ApiRoutes) => c.public.reviews[":reviewId"].$put({ param: { reviewId: String(reviewId) }, json: { rating, comment } }),
        token,
        schema: reviewSchema,
      }
    : {
        send: (c: ApiRoutes) => c.public.reviews.$post({ json: { product_id: productId, order_id: orderId, rating, comment } }),
        token,
        schema: reviewSchema,
      };
  const outcome = await callForForm(api, call, REVIEW_FIELDS, reviewId ? MSG.reviews.updateFailed : MSG.reviews.createFailed);
  if (!outcome.ok) return data({ review: { key, result: submission.reply(failureReply(outcome)) } }, { status: 400 });
  return redirectWithToast(request, pagePath(request), "success", outcome.message, { status: 303 });
}

/** Removes the shopper's review of an item, back to the page it was sent from, the order still open. */
async function removeReview(request: Request, api: ApiClient, token: string, formData: FormData) {
  const reviewId = idField.safeParse(formData.get("reviewId")).data;
  if (reviewId === undefined) throw data(null, { status: 400 });
  const call = {
    send: (c: ApiRoutes) => c.public.reviews[":reviewId"].$delete({ param: { reviewId: String(reviewId) } }),
    token,
    schema: noDataSchema,
  };
  const outcome = await callForForm(api, call, [], MSG.reviews.removeFailed);
  if (!outcome.ok) return redirectWithToast(request, pagePath(request), "error", outcome.formError ?? MSG.reviews.removeFailed);
  return redirectWithToast(request, pagePath(request), "success", outcome.message, { status: 303 });
}

async function clearRecentlyViewed(request: Request, api: ApiClient, token: string) {
  const call = { send: (c: ApiRoutes) => c.public["recently-viewed"].$delete(), token, schema: noDataSchema };
  const outcome = await callForForm(api, call, [], MSG.recentlyViewed.clearFailed);
  if (!outcome.ok) return redirectWithToast(request, ACCOUNT_TAB, "error", outcome.formError ?? MSG.recentlyViewed.clearFailed);
  return redirectWithToast(request, ACCOUNT_TAB, "success", outcome.message);
}

/**
 * Delete my account, with the password again: a wrong one is the password field's error (nothing changed); once
 * deleted, this browser is signed out and goes home with the confirmation.
 */
async function deleteAccount(request: Request, api: ApiClient, token: string, formData: FormData) {
  const hidden = ["password"];
  const submission = parseForm(formData, accountDeleteSchema);
  if (submission.status !== "success") return data({ deleteResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const call = { send: (c: ApiRoutes) => c.public.account.delete.$post({ json: submission.value }), token, schema: accountErasureSchema };
  const outcome = await callForForm(api, call, hidden, MSG.privacy.deleteFailed);
  if (!outcome.ok) return data({ deleteResult: submission.reply(failureReply(outcome, hidden)) }, { status: 400 });
  const session = await getSession(request);
  signOutSession(session);
  flashToast(session, "success", outcome.message);
  return redirect("/", { headers: { "Set-Cookie": await commitSession(request, session) } });
}

/** The contract has no "make default" call: the address is saved again, unchanged but for is_default. */
async function makeDefault(request: Request, api: ApiClient, token: string, id: number) {
  const list = await listAddresses(api, token);
  const address = list.ok ? list.data.find((entry) => entry.id === id) : undefined;
  if (!address)
    return redirectWithToast(request, ACCOUNT_TAB, "error", list.ok ? MSG.accounts.addressNotFound : MSG.addresses.updateFailed);
  const { id: _id, ...fields } = address;
  const call = {
    send: (c: ApiRoutes) => c.public.addresses[":id"].$put({ param: { id: String(id) }, json: { ...fields, is_default: true } }),
    token,
    schema: savedAddressSchema,
  };
  const outcome = await callForForm(api, call, [], MSG.addresses.updateFailed);
  if (!outcome.ok) return redirectWithToast(request, ACCOUNT_TAB, "error", outcome.formError ?? MSG.addresses.updateFailed);
  // Its own text, so it is not mistaken for (or stacked with the same words as) an edit's confirmation.
  return redirectWithToast(request, ACCOUNT_TAB, "success", MSG.accounts.defaultAddressSet);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, account } = loaderData;
  return (
    <div className="profile-page">
      <PageHeader title="My Profile" trail={[{ label: "User Profile" }]} />
      <div className="container profile-page__body">
        <div className="profile-bar">
          <nav className="profile-tabs" aria-label="Profile sections">
            {TABS.map((entry) => (
              <Link
                key={entry.id}
                to={`/profile?tab=${entry.id}`}
                className="profile-tabs__tab"
                aria-current={entry.id === tab ? "page" : undefined}
              >
                {entry.label}
              </Link>
            ))}
          </nav>
          <LogoutForm label="SIGN OUT" className={buttonClass({ variant: "outline" })} />
        </div>
        {tab === "orders" ? (
          <OrdersPanel
            orders={loaderData.orders}
            pagination={loaderData.ordersPage}
            loadError={loaderData.ordersError}
            detail={loaderData.detail}
            renderItemExtra={(order, item) => (
              <ItemReview
                order={order}
                item={item}
                lastResult={
                  actionData && "review" in actionData && actionData.review.key === reviewFormKey(order.id, item.product_id)
                    ? actionData.review.result
                    : undefined
                }
              />
            )}
          />
        ) : (
          <>
            <AccountPanel
              {...loaderData}
              account={account}
              lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            />
            <DataRights deleteResult={actionData && "deleteResult" in actionData ? actionData.deleteResult : undefined} />
          </>
        )}
      </div>
    </div>
  );
}
