import { Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, adminQueryHref, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminPager } from "#app/features/admin/admin-pager.tsx";
import { adminReturnsApi } from "#app/features/admin/admin-returns.server.ts";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { FilterBar, FilterField } from "#app/features/admin/filter-bar.tsx";
import { AdminStatusBadge } from "#app/features/admin/status-badge.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import type { AdminReturnSummaryDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { RETURN_KINDS, RETURN_STATE_NAMES, RETURN_STATES } from "#contract/returns.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import { adminReturnListQuery } from "#contract/schemas/returns.ts";
import type { Route } from "./+types/admin.returns";

const T = MSG.adminReturns;

export const meta: Route.MetaFunction = () => adminMeta(T.title);

const FILTERS = ["q", "state", "kind"] as const;

/** The filters come from the URL (the GET form); filters it cannot read are shown back with their reasons, and no list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const typed = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.slice(0, 300) ?? ""]));
  const parsed = adminReturnListQuery.safeParse({ ...typed, page: params.get("page") ?? undefined }, { error: shopperIssueText });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => issue.message);
    return { typed, errors, returns: null, pagination: null, loadError: null };
  }
  const result = await adminReturnsApi.list(apiFor(context), token, parsed.data);
  if (!result.ok) return { typed, errors: [], returns: null, pagination: null, loadError: result.message };
  return { typed, errors: [], returns: result.data.returns, pagination: result.data.pagination, loadError: null };
}

const COLUMNS: AdminColumn<AdminReturnSummaryDto>[] = [
  { header: "Code", cell: (entry) => <Link to={`/admin/returns/${entry.code}`}>{entry.code}</Link>, token: true },
  { header: "Kind", cell: (entry) => T.kindNames[entry.kind] },
  { header: "Opened", cell: (entry) => formatAdminTime(entry.created_at) },
  { header: "Order", cell: (entry) => <Link to={`/admin/orders/${entry.order_code}`}>{entry.order_code}</Link>, token: true },
  { header: "Customer", cell: (entry) => entry.customer_email },
  { header: "Reason", cell: (entry) => entry.reason_name },
  { header: "Items", cell: (entry) => entry.items, numeric: true },
  { header: "Refunded", cell: (entry) => pounds(entry.refunded), numeric: true },
  { header: "State", cell: (entry) => <AdminStatusBadge status={entry.state} /> },
];

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { typed, errors, returns, pagination, loadError } = loaderData;
  return (
    <>
      <h1 className="admin-heading">{T.title}</h1>
      <FilterBar action="/admin/returns" label={T.filtersLabel}>
        <FilterField label={T.searchLabel} htmlFor="returns-q">
          <input id="returns-q" className="input" type="search" name="q" defaultValue={typed.q} maxLength={254} />
        </FilterField>
        <FilterField label={T.stateLabel} htmlFor="returns-state">
          <select id="returns-state" className="input input--select" name="state" defaultValue={typed.state}>
            <option value="">{T.anyState}</option>
            {RETURN_STATES.map((state) => (
              <option key={state} value={state}>
                {RETURN_STATE_NAMES[state]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={T.kindLabel} htmlFor="returns-kind">
          <select id="returns-kind" className="input input--select" name="kind" defaultValue={typed.kind}>
            <option value="">{T.anyKind}</option>
            {RETURN_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {T.kindNames[kind]}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <FormAlert errors={loadError ? [...errors, loadError] : errors} />
      {returns && pagination ? (
        <>
          <p className="admin-count" aria-live="polite">
            {T.showing(
              pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1,
              (pagination.page - 1) * pagination.limit + returns.length,
              pagination.total,
            )}
          </p>
          {returns.length === 0 ? (
            <p className="admin-empty">{T.none}</p>
          ) : (
            <AdminTable caption={T.title} columns={COLUMNS} rows={returns} rowKey={(entry) => entry.code} />
          )}
          <AdminPager
            page={pagination.page}
            totalPages={pagination.totalPages}
            hrefFor={(page) => adminQueryHref("/admin/returns", typed, { page })}
          />
        </>
      ) : null}
    </>
  );
}
