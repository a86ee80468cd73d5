import { ReturnDetail } from "#app/components/returns/return-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { StateMessage } from "#app/components/ui/state-message.tsx";
import { ORDERS_TAB } from "#app/lib/orders.ts";
import { loadReturn } from "#app/lib/returns.server.ts";
import { MSG } from "#contract/messages.ts";
import { returnHref } from "#contract/paths.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/returns.$code";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${MSG.returns.listTitle} ${params.code} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadReturn(request, context, params);
}

/** A return as its shopper sees it (linked from MY ORDERS and the return's e-mails). */
export default function ReturnPage({ loaderData, params }: Route.ComponentProps) {
  const { ret, error } = loaderData;
  return (
    <div className="return-page">
      <PageHeader
        title={`Return ${params.code}`}
        trail={[{ label: "My Orders", to: ORDERS_TAB }, { label: MSG.returns.listTitle }]}
        intro={ret ? `Order #${ret.order_code}` : undefined}
      />
      <div className="container return-page__body">
        {ret ? (
          <ReturnDetail ret={ret} />
        ) : (
          <StateMessage tone="error" title={error ?? MSG.returns.fetchFailed} retryHref={returnHref(params.code)} />
        )}
      </div>
    </div>
  );
}
