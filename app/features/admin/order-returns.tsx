import { Link } from "react-router";
import { formatAdminTime } from "#app/features/admin/admin.ts";
import type { OrderReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { AdminStatusBadge } from "./status-badge.tsx";

/** An order's returns and claims, oldest first, each a link to its page. */
export function OrderReturns({ returns }: { returns: readonly OrderReturnDto[] }) {
  if (returns.length === 0) return <p>{MSG.adminReturns.noOrderReturns}</p>;
  return (
    <ul className="admin-history">
      {returns.map((entry) => (
        <li key={entry.code}>
          <Link to={`/admin/returns/${entry.code}`}>{MSG.adminReturns.heading(entry.kind, entry.code)}</Link>
          <AdminStatusBadge status={entry.state} />
          <span>{formatAdminTime(entry.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}
