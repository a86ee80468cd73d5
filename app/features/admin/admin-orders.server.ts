import { data, type RouterContextProvider } from "react-router";
import type { AdminOrderDetailDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { orderCodeParam } from "#contract/schemas/admin-orders.ts";
import { apiFor } from "../../api-client/api.server.ts";
import { adminOrderDetailSchema } from "../../api-client/responses.server.ts";
import { requireOperator } from "./admin.server.ts";

/** The order of the URL's `:code` for the order page and its packing slip: 404 for none, 400 for a code that is not one. */
export async function loadAdminOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { code?: string },
): Promise<{ token: string; order: AdminOrderDetailDto }> {
  const { token } = await requireOperator(request, context);
  const code = orderCodeParam.safeParse(params);
  if (!code.success) throw data(MSG.admin.orders.badCode, { status: 400 });
  const result = await apiFor(context)({
    send: (c) => c.admin.orders[":code"].$get({ param: { code: encodeURIComponent(code.data.code) } }),
    token,
    schema: adminOrderDetailSchema,
  });
  if (!result.ok) throw data(result.message, { status: result.status ?? 503 });
  return { token, order: result.data };
}
