import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { paymentOptions } from "#app/features/checkout/hosted-checkout.server.ts";
import { ORDERS_TAB } from "#app/features/orders/orders.ts";
import { DifferencePayment } from "#app/features/returns/difference-payment.tsx";
import { payDifference } from "#app/features/returns/exchange-difference.server.ts";
import { ReturnDetail } from "#app/features/returns/return-view.tsx";
import { loadReturn } from "#app/features/returns/returns.server.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { publicOrigin } from "#app/lib/seo.server.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { takesCardsInShop } from "#contract/checkout.ts";
import { MSG } from "#contract/messages.ts";
import { returnHref } from "#contract/paths.ts";
import { returnCodeParam } from "#contract/schemas/returns.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/returns.$code";

export const links: Route.LinksFunction = () => areaSheets("account", "checkout", "orders", "returns");

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${MSG.returns.listTitle} ${params.code} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
];

/** The return, and while a price difference is owed, how it is paid and the payment form's key. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ret, error } = await loadReturn(request, context, params);
  const owing = ret?.difference?.status === "due";
  return {
    ret,
    error,
    cardsInShop: owing ? takesCardsInShop((await paymentOptions(apiFor(context))).gateway) : false,
    idempotencyKey: randomUUID(),
  };
}

/** Pay the price difference (`intent=pay`); anything else is refused with 400. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const code = returnCodeParam.safeParse(params);
  if (!code.success) throw data(null, { status: 404, statusText: "Return not found" });
  const formData = await readForm(request);
  if (formData.get("intent") !== "pay") throw data(null, { status: 400, statusText: "Unknown return intent" });
  return payDifference(request, apiFor(context), token, code.data.code, formData, publicOrigin(context));
}

/** A return as its shopper sees it (linked from MY ORDERS and the return's e-mails). */
export default function ReturnPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { ret, error, cardsInShop, idempotencyKey } = loaderData;
  return (
    <div className="return-page">
      <PageHeader
        title={`Return ${params.code}`}
        trail={[{ label: "My Orders", to: ORDERS_TAB }, { label: MSG.returns.listTitle }]}
        intro={ret ? `Order #${ret.order_code}` : undefined}
      />
      <div className="container return-page__body">
        {ret ? (
          <>
            {ret.difference ? (
              <DifferencePayment
                difference={ret.difference}
                cardsInShop={cardsInShop}
                idempotencyKey={idempotencyKey}
                reply={actionData?.payment}
              />
            ) : null}
            <ReturnDetail ret={ret} />
          </>
        ) : (
          <StateMessage tone="error" title={error ?? MSG.returns.fetchFailed} retryHref={returnHref(params.code)} />
        )}
      </div>
    </div>
  );
}
