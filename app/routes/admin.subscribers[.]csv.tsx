import { subscriberListSchema } from "#app/api-client/responses.server.ts";
import { adminRead } from "#app/features/admin/admin-catalogue.server.ts";
import { toCsv } from "#contract/csv.ts";
import { MSG } from "#contract/messages.ts";
import type { Route } from "./+types/admin.subscribers[.]csv";

/** The newsletter list as a CSV download, for operators only; never kept by a cache. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: answer } = await adminRead(request, context, { send: (c) => c.admin.subscribers.$get(), schema: subscriberListSchema });
  const csv = toCsv([MSG.adminCatalogue.csvHeader, ...answer.subscribers.map((row) => [row.email, row.created_at])]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
