import { redirect } from "react-router";
import { requireOperator } from "#app/lib/admin.server.ts";
import type { Route } from "./+types/admin._index";

/** /admin opens on the first section, orders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(request, context);
  throw redirect("/admin/orders");
}
