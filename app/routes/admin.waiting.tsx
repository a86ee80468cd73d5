import { data, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { adminWaitingSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import type { AdminWaitingDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";
import type { Route } from "./+types/admin.waiting";

const T = MSG.adminDashboard;

export const meta: Route.MetaFunction = () => adminMeta(T.waitingTitle);

/** What the dashboard counts as waiting on someone, item by item (`GET /admin/waiting`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const result = await apiFor(context)({ send: (c) => c.admin.waiting.$get(), token, schema: adminWaitingSchema });
  if (!result.ok) throw data(result.message, { status: result.status ?? 503 });
  return { waiting: result.data };
}

type Payments = AdminWaitingDto["payments"];
type Money = Payments["authorised_orders"][number];

const orderLink = (code: string | null) => (code ? <Link to={`/admin/orders/${code}`}>{code}</Link> : "–");

const MONEY: AdminColumn<Money>[] = [
  { header: T.order, cell: (row) => orderLink(row.order_code), token: true },
  { header: T.customer, cell: (row) => row.email },
  { header: T.amount, cell: (row) => pounds(row.amount), numeric: true },
  { header: T.since, cell: (row) => formatAdminTime(row.since) },
];

const ATTEMPTS: AdminColumn<Payments["attempts"][number]>[] = [
  { header: T.order, cell: (row) => orderLink(row.order_code), token: true },
  { header: T.customer, cell: (row) => row.email },
  { header: T.method, cell: (row) => row.method },
  { header: T.amount, cell: (row) => (row.amount === null ? "–" : pounds(row.amount)), numeric: true },
  { header: T.since, cell: (row) => formatAdminTime(row.since) },
];

const CHECKOUTS: AdminColumn<Payments["open_checkouts"][number]>[] = [
  ...MONEY,
  { header: T.expires, cell: (row) => (row.expires_at ? formatAdminTime(row.expires_at) : "–") },
];

const REFUNDS: AdminColumn<Payments["pending_refunds"][number]>[] = [
  ...MONEY,
  {
    header: MSG.adminReturns.title,
    cell: (row) => (row.return_code ? <Link to={`/admin/returns/${row.return_code}`}>{row.return_code}</Link> : "–"),
    token: true,
  },
  { header: T.lastError, cell: (row) => row.last_error ?? "–" },
];

const EMAILS: AdminColumn<AdminWaitingDto["emails"][number]>[] = [
  { header: T.template, cell: (row) => <code>{row.template}</code> },
  { header: T.recipient, cell: (row) => row.recipient },
  { header: T.state, cell: (row) => T.emailStates[row.status] },
  { header: T.attempts, cell: (row) => row.attempts, numeric: true },
  { header: T.nextAttempt, cell: (row) => (row.next_attempt_at ? formatAdminTime(row.next_attempt_at) : "–") },
  { header: T.lastError, cell: (row) => row.last_error ?? "–" },
];

/** One list of the page under its heading (none when it is the panel's only list), or that nothing waits there. */
function Section<Row>({
  title,
  rows,
  columns,
  rowKey,
  heading = true,
}: {
  title: string;
  rows: Row[];
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  heading?: boolean;
}) {
  return (
    <>
      {heading ? <h3 className="dashboard-card__title">{title}</h3> : null}
      {rows.length === 0 ? (
        <p className="admin-empty">{T.nothingWaiting}</p>
      ) : (
        <AdminTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />
      )}
    </>
  );
}

export default function AdminWaiting({ loaderData }: Route.ComponentProps) {
  const { payments, emails } = loaderData.waiting;
  return (
    <>
      <h1 className="admin-heading">{T.waitingTitle}</h1>
      <p>{T.waitingIntro}</p>
      <AdminPanel id="payments" title={T.waitingPaymentsTitle}>
        <Section title={T.attemptsTitle} rows={payments.attempts} columns={ATTEMPTS} rowKey={(row) => row.id} />
        <Section title={T.authorisedTitle} rows={payments.authorised_orders} columns={MONEY} rowKey={(row) => row.order_code} />
        <Section title={T.checkoutsTitle} rows={payments.open_checkouts} columns={CHECKOUTS} rowKey={(row) => row.order_code} />
        <Section title={T.refundsOwedTitle} rows={payments.refunds_owed} columns={MONEY} rowKey={(row) => row.order_code} />
        <Section
          title={T.pendingRefundsTitle}
          rows={payments.pending_refunds}
          columns={REFUNDS}
          rowKey={(row) => `${row.order_code}:${row.return_code}:${row.since}`}
        />
      </AdminPanel>
      <AdminPanel id="emails" title={T.waitingEmailsTitle}>
        <Section title={T.waitingEmailsTitle} rows={emails} columns={EMAILS} rowKey={(row) => row.id} heading={false} />
      </AdminPanel>
    </>
  );
}
