import { type AdminColumn, AdminTable } from "#app/features/admin/admin-table.tsx";
import { pounds } from "#app/features/orders/orders.ts";
import type { AdminDashboardDto } from "#contract/dto/admin-dashboard.ts";
import { MSG } from "#contract/messages.ts";

const T = MSG.adminDashboard;

type DaySales = AdminDashboardDto["sales_by_day"][number];

/** The plot's own units: one slot of 10 per day, 100 high; the SVG stretches to its box (admin-dashboard.css). */
const SLOT = 10;
const HEIGHT = 100;
const BAR = 7;

/** A UTC day as the chart's axis and table name it: "29 Nov". */
const dayName = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** The axis's top: the day's best rounded up to 1, 2, 2.5 or 5 times a power of ten (0 when nothing sold). */
function axisTop(max: number): number {
  if (max <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((each) => each * magnitude >= max) ?? 10;
  return step * magnitude;
}

const COLUMNS: AdminColumn<DaySales>[] = [
  { header: T.day, cell: (day) => dayName(day.day) },
  { header: T.revenue, cell: (day) => pounds(day.revenue), numeric: true },
  { header: T.orders, cell: (day) => day.orders, numeric: true },
];

/**
 * Sales per day as bars drawn on the server (an inline SVG, no script): the plot stretches to any width while its
 * labels stay HTML text at their own size, so it reads alike on a phone and a desktop. Screen readers get the
 * chart's summary as its name and description, and every day's figures in the table under it.
 */
export function SalesChart({ days }: { days: readonly DaySales[] }) {
  const top = axisTop(Math.max(0, ...days.map((day) => day.revenue)));
  const best = days.reduce((a, b) => (b.revenue > a.revenue ? b : a), days[0] as DaySales);
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const height = (revenue: number) => (top === 0 ? 0 : (revenue / top) * HEIGHT);
  const first = days[0];
  const last = days.at(-1);
  return (
    <div className="sales-chart">
      <div className="sales-chart__frame">
        <div className="sales-chart__scale" aria-hidden="true">
          <span>{pounds(top)}</span>
          <span>{pounds(top / 2)}</span>
          <span>{pounds(0)}</span>
        </div>
        <svg
          className="sales-chart__plot"
          role="img"
          aria-labelledby="sales-chart-title sales-chart-description"
          viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
        >
          <title id="sales-chart-title">{T.chartTitle}</title>
          <desc id="sales-chart-description">
            {T.chartDescription(days.length, pounds(total), pounds(best.revenue), dayName(best.day))}
          </desc>
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line key={y} className="sales-chart__grid" x1={0} x2={days.length * SLOT} y1={y} y2={y} vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((day, index) => (
            <rect
              key={day.day}
              className={index === days.length - 1 ? "sales-chart__bar sales-chart__bar--today" : "sales-chart__bar"}
              x={index * SLOT + (SLOT - BAR) / 2}
              width={BAR}
              y={HEIGHT - height(day.revenue)}
              height={height(day.revenue)}
            >
              <title>{`${dayName(day.day)}: ${pounds(day.revenue)}, ${day.orders} ${T.orders.toLowerCase()}`}</title>
            </rect>
          ))}
        </svg>
        <div className="sales-chart__days" aria-hidden="true">
          <span>{first ? dayName(first.day) : ""}</span>
          <span>{last ? dayName(last.day) : ""}</span>
        </div>
      </div>
      <details className="sales-chart__table">
        <summary>{T.chartTable}</summary>
        <AdminTable caption={T.chartTable} columns={COLUMNS} rows={[...days].reverse()} rowKey={(day) => day.day} />
      </details>
    </div>
  );
}
