import { data, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { idField } from "#app/features/account/profile-params.server.ts";
import { formatOrderDate, orderDetailHref } from "#app/features/orders/orders.ts";
import { parseReturnForm, refusedReply } from "#app/features/returns/return-form.server.ts";
import { returnFormHref } from "#app/features/returns/return-form.ts";
import { ReturnForm } from "#app/features/returns/return-form.tsx";
import { fetchReturnOptions, registerReturn } from "#app/features/returns/returns.server.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { returnHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/orders.$orderId.return";

export const links: Route.LinksFunction = () => areaSheets("account", "returns");

export const meta: Route.MetaFunction = () => [
  { title: `${MSG.returns.formTitle} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
];

/** The order of the URL: another shopper's, or no order, is 404 (the API answers the same for both). */
function orderIdOf(params: Route.LoaderArgs["params"]): number {
  const id = idField.safeParse(params.orderId);
  if (!id.success) throw data(null, { status: 404, statusText: "Order not found" });
  return id.data;
}

/** What the form offers for the order: its items, what is left to return of each, exchange options, open or why not. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const orderId = orderIdOf(params);
  const options = await fetchReturnOptions(apiFor(context), token, orderId);
  if (options.ok) return { orderId, options: options.data, error: null };
  if (options.status === 404) throw data(null, { status: 404, statusText: "Order not found" });
  return { orderId, options: null, error: options.message };
}

/**
 * Registers the return (the rows with a quantity, the reason) and goes to its page, which links the label. A
 * refusal, the form's or the API's (window closed, out of stock, already returned), comes back on the form with
 * everything the shopper chose.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const orderId = orderIdOf(params);
  const parsed = parseReturnForm(await readForm(request));
  if (!parsed.ok) return data({ reply: parsed.reply }, { status: 400 });
  const outcome = await registerReturn(apiFor(context), token, orderId, parsed.request);
  if (outcome.ok) {
    const message = outcome.data.difference?.status === "due" ? MSG.returns.registeredToPay : MSG.returns.registered;
    return redirectWithToast(request, returnHref(outcome.data.code), "success", message, { status: 303 });
  }
  // The API's field errors name the request's paths (items.0.quantity); anything else is the form's own error.
  const details = outcome.callerDecides ? outcome.details : [];
  const reply = refusedReply(parsed.values, parsed.rows, details, details.length > 0 ? [] : [outcome.message]);
  return data({ reply }, { status: 400 });
}

export default function ReturnOrExchange({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, options, error } = loaderData;
  return (
    <div className="return-page">
      <PageHeader
        title={MSG.returns.formTitle}
        trail={[{ label: "My Orders", to: orderDetailHref(orderId) }, { label: MSG.returns.formTitle }]}
        intro={options ? `Order #${options.order_code}` : undefined}
      />
      <div className="container return-page__body">
        {options === null ? (
          <StateMessage tone="error" title={error ?? MSG.orders.detailFailed} retryHref={returnFormHref(orderId)} />
        ) : options.open ? (
          <>
            <p className="return-page__intro">{MSG.returns.formIntro}</p>
            {options.window_ends_at ? (
              <p className="return-page__window">{MSG.returns.openUntil(formatOrderDate(options.window_ends_at))}</p>
            ) : null}
            <ReturnForm options={options} reply={actionData?.reply} />
          </>
        ) : (
          <StateMessage title={options.closed_reason ?? MSG.returns.nothingReturnable}>
            <Link to={orderDetailHref(orderId)} className="return-page__back">
              Back to the order
            </Link>
          </StateMessage>
        )}
      </div>
    </div>
  );
}
