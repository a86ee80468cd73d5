import { Form, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { orderStatusChangeResultSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminFacts } from "#app/features/admin/admin-facts.tsx";
import { shipFromForm } from "#app/features/admin/admin-forms.server.ts";
import { loadAdminOrder } from "#app/features/admin/admin-orders.server.ts";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { openClaimFromForm } from "#app/features/admin/admin-returns.server.ts";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { ClaimForm } from "#app/features/admin/claim-form.tsx";
import { OrderReturns } from "#app/features/admin/order-returns.tsx";
import { SHIP_FIELDS, ShipForm } from "#app/features/admin/ship-form.tsx";
import { AdminStatusBadge } from "#app/features/admin/status-badge.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { readForm, refuse } from "#app/forms/form-data.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { CARRIERS } from "#contract/carriers.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { AdminOrderDetailDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { CLAIMABLE_ORDER_STATUSES } from "#contract/returns.ts";
import { orderCodeParam, orderStatusChangeSchema } from "#contract/schemas/admin-orders.ts";
import type { Route } from "./+types/admin.orders.$code";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.code}`);

const CONFIRM_CANCEL = "cancelled";

/** `?confirm=cancelled` shows the cancel confirmation (view state in the URL, so it works without JavaScript). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await loadAdminOrder(request, context, params);
  const confirmCancel = new URL(request.url).searchParams.get("confirm") === CONFIRM_CANCEL;
  return { order, confirmCancel };
}

/**
 * One action for the order's moves: `intent=status` (any allowed status but shipped), `intent=ship` (carrier and
 * tracking number) and `intent=claim` (a claim on a shipped or delivered order). Success and a move the order no
 * longer allows come back to the page with a toast (an opened claim goes to its page); a ship or claim form with
 * mistakes comes back with them and what was typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireOperator(request, context);
  const code = orderCodeParam.safeParse(params);
  if (!code.success) throw refuse(400, "Not an order code");
  const formData = await readForm(request);
  const here = `/admin/orders/${code.data.code}`;
  const param = { code: code.data.code };
  const api = apiFor(context);
  const intent = formData.get("intent");
  if (intent === "ship") {
    return shipFromForm(
      request,
      formData,
      here,
      (input) =>
        callForForm(
          api,
          { send: (c) => c.admin.orders[":code"].ship.$post({ param, json: input }), token, schema: orderStatusChangeResultSchema },
          SHIP_FIELDS,
          MSG.admin.orders.shipNeedsTracking,
        ),
      (input) => MSG.admin.orders.shipped(code.data.code, CARRIERS[input.carrier].name, input.tracking_number),
    );
  }
  if (intent === "claim") return openClaimFromForm(request, api, token, code.data.code, formData);
  if (intent !== "status") throw refuse(400, "Unknown order action");
  const parsed = orderStatusChangeSchema.safeParse({ status: formData.get("status") });
  if (!parsed.success) throw refuse(400, "Not a status the order can take");
  const outcome = await callForForm(
    api,
    { send: (c) => c.admin.orders[":code"].status.$post({ param, json: parsed.data }), token, schema: orderStatusChangeResultSchema },
    [],
    MSG.helper.server,
  );
  return redirectWithToast(
    request,
    here,
    outcome.ok ? "success" : "error",
    outcome.ok ? outcome.message : (outcome.formError ?? outcome.message),
    { status: 303 },
  );
}

const ITEM_COLUMNS: AdminColumn<AdminOrderDetailDto["items"][number]>[] = [
  {
    header: "Item",
    cell: (item) => (
      <span className="admin-item">
        <img src={item.product_image || PLACEHOLDER_IMAGE} alt="" width={48} height={64} loading="lazy" />
        <span>{item.product_name}</span>
      </span>
    ),
  },
  { header: "Variant", cell: (item) => [item.variant_name, item.fit].filter(Boolean).join(" · ") || "–" },
  { header: "SKU", cell: (item) => item.sku, token: true },
  { header: "Qty", cell: (item) => item.quantity, numeric: true },
  { header: "Price", cell: (item) => pounds(item.unit_price), numeric: true },
  { header: "Total", cell: (item) => pounds(item.line_total), numeric: true },
];

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, confirmCancel } = loaderData;
  const here = `/admin/orders/${order.code}`;
  const address = order.shipping_address;
  return (
    <>
      <p>
        <Link to="/admin/orders" className={buttonClass({ variant: "link" })}>
          {MSG.admin.orders.backToList}
        </Link>
      </p>
      <header className="admin-order__header">
        <h1 className="admin-heading">
          Order <span className="admin-token">{order.code}</span>
        </h1>
        <AdminStatusBadge status={order.status} />
        <p className="admin-order__placed">Placed {formatAdminTime(order.created_at)}</p>
        <Link to={`${here}/packing-slip`} className={buttonClass({ variant: "outline" })}>
          {MSG.admin.orders.packingSlip}
        </Link>
      </header>

      <AdminPanel id="order-actions" title="Next step">
        {order.next_statuses.length === 0 ? <p>{MSG.admin.orders.noTransitions}</p> : null}
        <div className="admin-actions">
          {order.next_statuses
            .filter((status) => status !== "shipped" && status !== "cancelled")
            .map((status) => (
              <StatusButton key={status} status={status} />
            ))}
          {order.next_statuses.includes("cancelled") && !confirmCancel ? (
            <Link to={`${here}?confirm=${CONFIRM_CANCEL}`} className={buttonClass({ variant: "outline" })}>
              {MSG.admin.orders.cancel}
            </Link>
          ) : null}
        </div>
        {order.next_statuses.includes("cancelled") && confirmCancel ? (
          <div className="admin-confirm" role="alertdialog" aria-labelledby="confirm-cancel">
            <p id="confirm-cancel">{MSG.admin.orders.confirmCancel}</p>
            <div className="admin-actions">
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value="cancelled" />
                <button type="submit" className={buttonClass()}>
                  {MSG.admin.orders.confirmCancelYes}
                </button>
              </Form>
              <Link to={here} className={buttonClass({ variant: "outline" })}>
                {MSG.admin.orders.keepOrder}
              </Link>
            </div>
          </div>
        ) : null}
        {order.next_statuses.includes("shipped") ? (
          <ShipForm action={here} title={MSG.admin.orders.ship} reply={actionData && "ship" in actionData ? actionData.ship : undefined} />
        ) : null}
      </AdminPanel>

      <section aria-labelledby="order-items" className="admin-section">
        <h2 id="order-items" className="admin-subheading">
          Items
        </h2>
        <AdminTable caption="Items" columns={ITEM_COLUMNS} rows={order.items} rowKey={(item) => `${item.sku}-${item.product_id}`} />
      </section>

      <div className="admin-grid admin-grid--wide">
        <AdminPanel id="order-returns" title={MSG.adminReturns.orderReturnsTitle}>
          <OrderReturns returns={order.returns} />
        </AdminPanel>
        {(CLAIMABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status) ? (
          <AdminPanel id="order-claim" title={MSG.adminReturns.claimTitle}>
            <ClaimForm action={here} items={order.items} reply={actionData && "claim" in actionData ? actionData.claim : undefined} />
          </AdminPanel>
        ) : null}
      </div>

      <div className="admin-grid">
        <AdminPanel id="order-customer" title="Customer">
          <AdminFacts
            rows={[
              ["Name", order.customer.name],
              [
                "E-mail",
                <a key="email" href={`mailto:${order.customer.email}`}>
                  {order.customer.email}
                </a>,
              ],
              ["Phone", address.phone],
            ]}
          />
        </AdminPanel>
        <AdminPanel id="order-address" title="Shipping address">
          <address className="admin-address">
            {[address.label, address.line1, address.line2, address.city, address.postal_code].filter(Boolean).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <AdminFacts rows={[["Method", order.shipping_method]]} />
        </AdminPanel>
        <AdminPanel id="order-payment" title="Payment">
          <AdminFacts
            rows={[
              [
                "Method",
                order.payment.card_last4 ? `${order.payment.method_name} ending ${order.payment.card_last4}` : order.payment.method_name,
              ],
              ["Status", order.payment.status],
              ["Provider", order.payment.gateway ?? "–"],
              ["Reference", order.payment.reference ?? "–"],
            ]}
          />
        </AdminPanel>
        <AdminPanel id="order-totals" title="Totals">
          <AdminFacts
            rows={[
              ["Subtotal", pounds(order.totals.subtotal)],
              ["Shipping", pounds(order.totals.shipping)],
              [
                "Discount",
                order.totals.promo_code
                  ? `−${pounds(order.totals.discount)} (${order.totals.promo_code})`
                  : `−${pounds(order.totals.discount)}`,
              ],
              ["Total", <strong key="total">{pounds(order.totals.total)}</strong>],
            ]}
          />
        </AdminPanel>
        {order.shipment ? (
          <AdminPanel id="order-shipment" title="Shipment">
            <AdminFacts
              rows={[
                ["Carrier", order.shipment.carrier_name],
                [
                  "Tracking",
                  <a key="tracking" href={order.shipment.tracking_url} rel="noreferrer" target="_blank">
                    {order.shipment.tracking_number}
                  </a>,
                ],
                ["Shipped", formatAdminTime(order.shipment.shipped_at)],
              ]}
            />
          </AdminPanel>
        ) : null}
        <AdminPanel id="order-history" title="History">
          {order.history.length === 0 ? (
            <p>–</p>
          ) : (
            <ol className="admin-history">
              {order.history.map((event) => (
                <li key={`${event.at}-${event.status}`}>
                  <AdminStatusBadge status={event.status} />
                  <span>
                    {formatAdminTime(event.at)}, by {event.actor ? event.actor.email : MSG.admin.orders.byShop}
                    {event.note ? ` (${event.note})` : ""}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AdminPanel>
      </div>
    </>
  );
}

/** One allowed move as a POST form of its own. */
function StatusButton({ status }: { status: OrderStatus }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={buttonClass()}>
        {MSG.admin.orders.moveTo(status)}
      </button>
    </Form>
  );
}
