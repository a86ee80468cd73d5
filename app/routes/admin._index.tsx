import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { adminDashboardSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { adminMeta, adminQueryHref, formatAdminTime } from "#app/features/admin/admin.ts";
import { AdminPanel } from "#app/features/admin/admin-panel.tsx";
import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { SalesChart } from "#app/features/admin/sales-chart.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import { ageText } from "#contract/age.ts";
import type { AdminDashboardDto, SalesFigureDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";
import type { Route } from "./+types/admin._index";

const T = MSG.adminDashboard;

export const meta: Route.MetaFunction = () => adminMeta(T.title);

/** The back office's first page: the day's figures from `GET /admin/dashboard`, each linking to the list behind it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const result = await apiFor(context)({ send: (c) => c.admin.dashboard.$get(), token, schema: adminDashboardSchema });
  if (!result.ok) throw data(result.message, { status: result.status ?? 503 });
  return { figures: result.data };
}

type Period = AdminDashboardDto["periods"][number];

/** A figure against the period before: "+12% vs yesterday (£80.00)", or that there was none then. */
function against(days: number, current: number, previous: number, shown: string) {
  if (previous === 0) return T.noneBefore(T.previousName(days));
  return T.versus(T.change(Math.round(((current - previous) / previous) * 100)), T.previousName(days), shown);
}

const FIGURES: { label: string; of: (figure: SalesFigureDto) => number; shown: (value: number) => string }[] = [
  { label: T.revenue, of: (figure) => figure.revenue, shown: pounds },
  { label: T.orders, of: (figure) => figure.orders, shown: String },
  { label: T.average, of: (figure) => figure.average, shown: pounds },
];

/** One period's revenue, orders and average order, each with its change on the period before; the orders of those days behind it. */
function PeriodCard({ period, days }: { period: Period; days: AdminDashboardDto["sales_by_day"] }) {
  const id = `dashboard-period-${period.days}`;
  const from = days[days.length - period.days]?.day;
  const to = days.at(-1)?.day;
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <h3 id={id} className="dashboard-card__title">
        <Link to={adminQueryHref("/admin/orders", {}, { from, to })}>{T.periodName(period.days)}</Link>
      </h3>
      <dl className="dashboard-figures">
        {FIGURES.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>
              <span className="dashboard-figures__value">{figure.shown(figure.of(period.current))}</span>
              <span className="dashboard-figures__change">
                {against(period.days, figure.of(period.current), figure.of(period.previous), figure.shown(figure.of(period.previous)))}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A count that waits on someone, linked to its list when the back office has one. */
function Count({ label, count, to, detail }: { label: string; count: number; to?: string; detail?: ReactNode }) {
  return (
    <li className="dashboard-count" data-attention={count > 0 || undefined}>
      <span className="dashboard-count__value">{to ? <Link to={to}>{count}</Link> : count}</span>
      <span className="dashboard-count__label">{label}</span>
      {detail ? <span className="dashboard-count__detail">{detail}</span> : null}
    </li>
  );
}

const BEST_SELLERS: AdminColumn<AdminDashboardDto["best_sellers"][number]>[] = [
  { header: T.product, cell: (row) => <Link to={`/admin/products/${row.product_id}`}>{row.name}</Link> },
  { header: T.units, cell: (row) => row.units, numeric: true },
  { header: T.revenue, cell: (row) => pounds(row.revenue), numeric: true },
];

const LOW_STOCK: AdminColumn<AdminDashboardDto["low_stock"]["variants"][number]>[] = [
  { header: T.product, cell: (row) => <Link to={`/admin/products/${row.product_id}`}>{row.product_name}</Link> },
  { header: T.variant, cell: (row) => `${row.color_name} · ${row.size}` },
  { header: "SKU", cell: (row) => row.sku },
  { header: T.left, cell: (row) => row.stock, numeric: true },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const { to_ship: toShip, low_stock: lowStock, payments_waiting: payments } = figures;
  const now = new Date(figures.generated_at);
  return (
    <>
      <div className="dashboard-intro">
        <h1 className="admin-heading">{T.title}</h1>
        <p className="dashboard-intro__as-of">{T.asOf(formatAdminTime(figures.generated_at))}</p>
      </div>

      <section className="dashboard-card dashboard-ship" aria-labelledby="dashboard-to-ship">
        <h2 id="dashboard-to-ship" className="dashboard-card__title">
          {T.toShipTitle}
        </h2>
        {toShip.count === 0 ? (
          <p>{T.nothingToShip}</p>
        ) : (
          <p className="dashboard-ship__line">
            <Link to="/admin/orders?status=to_ship" className="dashboard-ship__count">
              {T.toShip(toShip.count)}
            </Link>
            {toShip.oldest ? (
              <Link to={`/admin/orders/${toShip.oldest.code}`} className="dashboard-ship__oldest">
                {T.oldestWaiting(ageText(toShip.oldest.created_at, now))} ({toShip.oldest.code})
              </Link>
            ) : null}
          </p>
        )}
      </section>

      <AdminPanel id="dashboard-sales" title={T.salesTitle}>
        <div className="dashboard-periods">
          {figures.periods.map((period) => (
            <PeriodCard key={period.days} period={period} days={figures.sales_by_day} />
          ))}
        </div>
      </AdminPanel>

      <AdminPanel id="dashboard-chart" title={T.chartTitle}>
        <SalesChart days={figures.sales_by_day} />
      </AdminPanel>

      <AdminPanel id="dashboard-attention" title={T.attentionTitle}>
        <ul className="dashboard-counts">
          <Count
            label={T.paymentsWaiting}
            count={payments.attempts + payments.authorised_orders + payments.refunds_owed}
            detail={T.paymentsDetail(payments.attempts, payments.authorised_orders, payments.refunds_owed)}
            to="/admin/waiting#payments"
          />
          <Count label={T.emailsFailed} count={figures.emails.failed} detail={T.emailsDetail} to="/admin/waiting#emails" />
          <Count label={T.emailsRetrying} count={figures.emails.retrying} to="/admin/waiting#emails" />
          <Count label={T.returnsToReceive} count={figures.returns_to_receive} to="/admin/returns?state=requested" />
          <Count label={T.messagesUnhandled} count={figures.messages_unhandled} to="/admin/messages" />
        </ul>
      </AdminPanel>

      <div className="dashboard-columns">
        <AdminPanel id="dashboard-best-sellers" title={T.bestSellersTitle}>
          {figures.best_sellers.length === 0 ? (
            <p className="admin-empty">{T.noSales}</p>
          ) : (
            <AdminTable caption={T.bestSellersTitle} columns={BEST_SELLERS} rows={figures.best_sellers} rowKey={(row) => row.product_id} />
          )}
        </AdminPanel>
        <AdminPanel id="dashboard-low-stock" title={T.lowStockTitle}>
          {lowStock.count === 0 ? (
            <p className="admin-empty">{T.noLowStock(lowStock.threshold)}</p>
          ) : (
            <>
              <p>{T.lowStock(lowStock.count, lowStock.threshold)}</p>
              <AdminTable caption={T.lowStockTitle} columns={LOW_STOCK} rows={lowStock.variants} rowKey={(row) => row.sku} />
            </>
          )}
        </AdminPanel>
      </div>
    </>
  );
}
