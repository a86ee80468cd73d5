import { Link } from "react-router";
import { apiFor, asQuery } from "#app/api-client/api.server.ts";
import { adminOrderListSchema } from "#app/api-client/responses.server.ts";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, adminQueryHref, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { FilterBar, FilterField } from "#app/features/admin/filter-bar.tsx";
import { AdminStatusBadge } from "#app/features/admin/status-badge.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { ORDER_STATUSES } from "#contract/checkout.ts";
import type { AdminOrderSummaryDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { adminOrderListQuery } from "#contract/schemas/admin-orders.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import type { Route } from "./+types/admin.orders";

export const meta: Route.MetaFunction = () => adminMeta(MSG.admin.orders.title);

const FILTERS = ["q", "status", "from", "to"] as const;

/** The filters come from the URL (the GET form); filters it cannot read are shown back with their reasons, and no list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const typed = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.slice(0, 300) ?? ""]));
  const parsed = adminOrderListQuery.safeParse({ ...typed, page: params.get("page") ?? undefined }, { error: shopperIssueText });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => issue.message);
    return { typed, errors, orders: null, pagination: null, loadError: null };
  }
  const result = await apiFor(context)({
    send: (c) => c.admin.orders.$get({ query: asQuery(parsed.data) }),
    token,
    schema: adminOrderListSchema,
  });
  if (!result.ok) return { typed, errors: [], orders: null, pagination: null, loadError: result.message };
  return { typed, errors: [], orders: result.data.orders, pagination: result.data.pagination, loadError: null };
}

const COLUMNS: AdminColumn<AdminOrderSummaryDto>[] = [
  { header: "Order", cell: (order) => <Link to={`/admin/orders/${order.code}`}>{order.code}</Link>, token: true },
  { header: "Placed", cell: (order) => formatAdminTime(order.created_at) },
  { header: "Customer", cell: (order) => order.customer_email },
  { header: "Items", cell: (order) => order.items, numeric: true },
  { header: "Total", cell: (order) => pounds(order.total), numeric: true },
  { header: "Payment", cell: (order) => order.payment_status },
  { header: "Status", cell: (order) => <AdminStatusBadge status={order.status} /> },
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { typed, errors, orders, pagination, loadError } = loaderData;
  return (
    <>
      <h1 className="admin-heading">{MSG.admin.orders.title}</h1>
      <FilterBar action="/admin/orders" label={MSG.admin.orders.filtersLabel}>
        <FilterField label={MSG.admin.orders.searchLabel} htmlFor="orders-q">
          <input id="orders-q" className="input" type="search" name="q" defaultValue={typed.q} maxLength={254} />
        </FilterField>
        <FilterField label={MSG.admin.orders.statusLabel} htmlFor="orders-status">
          <select id="orders-status" className="input input--select" name="status" defaultValue={typed.status}>
            <option value="">{MSG.admin.orders.anyStatus}</option>
            <option value="to_ship">{MSG.adminDashboard.toShipFilter}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={MSG.admin.orders.fromLabel} htmlFor="orders-from">
          <input id="orders-from" className="input" type="date" name="from" defaultValue={typed.from} />
        </FilterField>
        <FilterField label={MSG.admin.orders.toLabel} htmlFor="orders-to">
          <input id="orders-to" className="input" type="date" name="to" defaultValue={typed.to} />
        </FilterField>
      </FilterBar>
      <FormAlert errors={loadError ? [...errors, loadError] : errors} />
      <OrdersExport from={typed.from} to={typed.to} />
      {orders && pagination ? (
        <>
          <p className="admin-count" aria-live="polite">
            {MSG.orders.showing(
              pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1,
              (pagination.page - 1) * pagination.limit + orders.length,
              pagination.total,
            )}
          </p>
          <AdminTable caption={MSG.admin.orders.title} columns={COLUMNS} rows={orders} rowKey={(order) => order.code} />
          <AdminPager
            page={pagination.page}
            totalPages={pagination.totalPages}
            hrefFor={(page) => adminQueryHref("/admin/orders", typed, { page })}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * The accounts' CSV of a range of days: a plain GET form to the download (`/admin/orders.csv`), so the browser saves
 * the file with JavaScript on or off and the list stays where it was. It starts from the list's own dates.
 */
function OrdersExport({ from, to }: { from: string; to: string }) {
  return (
    <section aria-labelledby="orders-export" className="admin-section">
      <h2 id="orders-export" className="admin-subheading">
        {MSG.admin.orders.exportTitle}
      </h2>
      <form method="get" action="/admin/orders.csv" className="admin-filters" aria-describedby="orders-export-hint">
        <p id="orders-export-hint" className="admin-count">
          {MSG.admin.orders.exportHint}
        </p>
        <FilterField label={MSG.admin.orders.exportFrom} htmlFor="orders-export-from">
          <input id="orders-export-from" className="input" type="date" name="from" defaultValue={from} required />
        </FilterField>
        <FilterField label={MSG.admin.orders.exportTo} htmlFor="orders-export-to">
          <input id="orders-export-to" className="input" type="date" name="to" defaultValue={to} required />
        </FilterField>
        <div className="admin-filters__actions">
          <button type="submit" className={buttonClass()}>
            {MSG.admin.orders.exportSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}
