import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import type { z } from "zod";
import { FormAlert } from "#app/components/account/form-messages.tsx";
import { AdminPanel } from "#app/components/admin/admin-panel.tsx";
import { type AdminColumn, AdminTable } from "#app/components/admin/admin-table.tsx";
import { AdminStatusBadge } from "#app/components/admin/status-badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Field, SelectField } from "#app/components/ui/field.tsx";
import { requireOperator } from "#app/lib/admin.server.ts";
import { adminMeta, formatAdminTime } from "#app/lib/admin.ts";
import { loadAdminOrder } from "#app/lib/admin-orders.server.ts";
import { apiFor } from "#app/lib/api.server.ts";
import { callForForm } from "#app/lib/form-api.server.ts";
import { readForm, refuse } from "#app/lib/form-data.server.ts";
import { pounds } from "#app/lib/orders.ts";
import { orderStatusChangeResultSchema } from "#app/lib/responses.server.ts";
import { redirectWithToast } from "#app/lib/session.server.ts";
import { CARRIER_IDS, CARRIERS } from "#contract/carriers.ts";
import type { OrderStatus } from "#contract/checkout.ts";
import { PLACEHOLDER_IMAGE } from "#contract/constants.ts";
import type { AdminOrderDetailDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { orderCodeParam, orderStatusChangeSchema, shipOrderSchema } from "#contract/schemas/admin-orders.ts";
import type { Route } from "./+types/admin.orders.$code";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.code}`);

const CONFIRM_CANCEL = "cancelled";
const SHIP_FIELDS = ["carrier", "tracking_number"] as const;
type ShipErrors = Partial<Record<(typeof SHIP_FIELDS)[number], string[]>>;

/** `?confirm=cancelled` shows the cancel confirmation (view state in the URL, so it works without JavaScript). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await loadAdminOrder(request, context, params);
  const confirmCancel = new URL(request.url).searchParams.get("confirm") === CONFIRM_CANCEL;
  return { order, confirmCancel };
}

const fieldErrorsOf = (error: z.ZodError) => {
  const errors: ShipErrors = {};
  for (const issue of error.issues) {
    const field = SHIP_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

/**
 * One action for the order's moves: `intent=status` (any allowed status but shipped) and `intent=ship` (carrier and
 * tracking number). Success and a move the order no longer allows come back to the page with a toast; a ship form
 * with mistakes comes back with them and what was typed.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { token } = await requireOperator(request, context);
  const code = orderCodeParam.safeParse(params);
  if (!code.success) throw refuse(400, "Not an order code");
  const formData = await readForm(request);
  const here = `/admin/orders/${code.data.code}`;
  const api = apiFor(context);
  const intent = formData.get("intent");
  if (intent === "ship") {
    const typed = {
      carrier: String(formData.get("carrier") ?? "").slice(0, 64),
      tracking_number: String(formData.get("tracking_number") ?? "").slice(0, 64),
    };
    const parsed = shipOrderSchema.safeParse(typed);
    if (!parsed.success) return data({ ship: { typed, errors: fieldErrorsOf(parsed.error), formError: null } }, { status: 400 });
    const outcome = await callForForm(
      api,
      { method: "POST", endpoint: `${here}/ship`, data: parsed.data, token, schema: orderStatusChangeResultSchema },
      SHIP_FIELDS,
      MSG.admin.orders.shipNeedsTracking,
    );
    if (outcome.ok)
      return redirectWithToast(
        request,
        here,
        "success",
        MSG.admin.orders.shipped(code.data.code, CARRIERS[parsed.data.carrier].name, parsed.data.tracking_number),
        { status: 303 },
      );
    if (outcome.status === 400)
      return data({ ship: { typed, errors: outcome.fieldErrors as ShipErrors, formError: outcome.formError } }, { status: 400 });
    return redirectWithToast(request, here, "error", outcome.formError ?? outcome.message, { status: 303 });
  }
  if (intent !== "status") throw refuse(400, "Unknown order action");
  const parsed = orderStatusChangeSchema.safeParse({ status: formData.get("status") });
  if (!parsed.success) throw refuse(400, "Not a status the order can take");
  const outcome = await callForForm(
    api,
    { method: "POST", endpoint: `${here}/status`, data: parsed.data, token, schema: orderStatusChangeResultSchema },
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
  { header: "SKU", cell: (item) => item.sku },
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
        <h1 className="admin-heading">Order {order.code}</h1>
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
        {order.next_statuses.includes("shipped") ? <ShipForm here={here} reply={actionData?.ship} /> : null}
      </AdminPanel>

      <section aria-labelledby="order-items" className="admin-section">
        <h2 id="order-items" className="admin-subheading">
          Items
        </h2>
        <AdminTable caption="Items" columns={ITEM_COLUMNS} rows={order.items} rowKey={(item) => `${item.sku}-${item.product_id}`} />
      </section>

      <div className="admin-grid">
        <AdminPanel id="order-customer" title="Customer">
          <Facts
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
          <Facts rows={[["Method", order.shipping_method]]} />
        </AdminPanel>
        <AdminPanel id="order-payment" title="Payment">
          <Facts
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
          <Facts
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
            <Facts
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

/** processing → shipped: the carrier and the tracking number, with the mistakes of the last try and what was typed. */
function ShipForm({
  here,
  reply,
}: {
  here: string;
  reply: { typed: { carrier: string; tracking_number: string }; errors: ShipErrors; formError: string | null } | undefined;
}) {
  return (
    <Form method="post" action={here} className="admin-ship" aria-labelledby="ship-heading" noValidate>
      <h3 id="ship-heading" className="admin-ship__title">
        {MSG.admin.orders.ship}
      </h3>
      <FormAlert errors={reply?.formError ? [reply.formError] : null} />
      <input type="hidden" name="intent" value="ship" />
      <SelectField
        label={MSG.admin.orders.carrierLabel}
        errors={reply?.errors.carrier}
        selectProps={{ id: "ship-carrier", name: "carrier", defaultValue: reply?.typed.carrier ?? "", required: true }}
      >
        <option value="" disabled>
          {MSG.admin.orders.carrierRequired}
        </option>
        {CARRIER_IDS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {CARRIERS[carrier].name}
          </option>
        ))}
      </SelectField>
      <Field
        label={MSG.admin.orders.trackingLabel}
        hint={MSG.admin.orders.trackingHint}
        errors={reply?.errors.tracking_number}
        inputProps={{
          id: "ship-tracking",
          name: "tracking_number",
          defaultValue: reply?.typed.tracking_number ?? "",
          required: true,
          maxLength: 64,
          autoComplete: "off",
          spellCheck: false,
        }}
      />
      <button type="submit" className={buttonClass()}>
        {MSG.admin.orders.ship}
      </button>
    </Form>
  );
}

/** Label and value rows of an order panel. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
