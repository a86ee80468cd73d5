import { apiFor, asQuery } from "#app/api-client/api.server.ts";
import { orderExportSchema } from "#app/api-client/responses.server.ts";
import { requireOperator } from "#app/features/admin/admin.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { MSG } from "#contract/messages.ts";
import { ordersCsv, ordersCsvName } from "#contract/orders-export.ts";
import { orderExportQuery } from "#contract/schemas/admin-orders.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import type { Route } from "./+types/admin.orders[.]csv";

/**
 * The orders of a range of days as a CSV download (the list page's export form), for operators only; never kept by
 * a cache. Dates it cannot take go back to the list, with the reason as a toast and the dates typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const typed = { from: params.get("from")?.slice(0, 20) ?? "", to: params.get("to")?.slice(0, 20) ?? "" };
  const back = `/admin/orders?${new URLSearchParams(typed)}`;
  const range = orderExportQuery.safeParse(typed, { error: shopperIssueText });
  if (!range.success) return redirectWithToast(request, back, "error", range.error.issues[0]?.message ?? MSG.admin.orders.badDate);
  const answer = await apiFor(context)({
    send: (c) => c.admin.orders.export.$get({ query: asQuery(range.data) }),
    token,
    schema: orderExportSchema,
  });
  if (!answer.ok) return redirectWithToast(request, back, "error", answer.message);
  return new Response(ordersCsv(answer.data.orders), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ordersCsvName(range.data.from, range.data.to)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
