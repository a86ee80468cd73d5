import { data, type RouterContextProvider } from "react-router";
import { MSG } from "#contract/messages.ts";
import { type ReturnRequest, returnCodeParam } from "#contract/schemas/returns.ts";
import { type ApiClient, type ApiOutcome, apiFor } from "../../api-client/api.server.ts";
import { returnOptionsSchema, returnSchema } from "../../api-client/responses.server.ts";
import { requireVerifiedUser } from "../../session/auth.server.ts";

/** The shopper's returns through the contract client: what an order offers, registering one, and one return. */

/** A call for the return pages: a failure carries the message to show, else `fallback`. */
async function withFallback<T>(outcome: Promise<ApiOutcome<T>>, fallback: string): Promise<ApiOutcome<T>> {
  const answer = await outcome;
  return answer.ok ? answer : { ...answer, message: answer.message || fallback };
}

/** `GET /public/orders/{id}/returns/options`: the form's items, their exchange options, and whether it is open. */
export const fetchReturnOptions = (api: ApiClient, token: string, orderId: number) =>
  withFallback(
    api({
      send: (c) => c.public.orders[":id"].returns.options.$get({ param: { id: String(orderId) } }),
      token,
      schema: returnOptionsSchema,
    }),
    MSG.orders.detailFailed,
  );

/** `POST /public/orders/{id}/returns`: registers the return; its answer is the return, with its code. */
export const registerReturn = (api: ApiClient, token: string, orderId: number, request: ReturnRequest) =>
  api({
    send: (c) => c.public.orders[":id"].returns.$post({ param: { id: String(orderId) }, json: request }),
    token,
    schema: returnSchema,
  });

/** `GET /public/returns/{code}`: one of the shopper's returns. */
export const fetchReturn = (api: ApiClient, token: string, code: string) =>
  withFallback(
    api({ send: (c) => c.public.returns[":code"].$get({ param: { code: encodeURIComponent(code) } }), token, schema: returnSchema }),
    MSG.returns.fetchFailed,
  );

/** The return of the URL's `:code` for its page and its label: 404 for none (or another shopper's), or why it failed. */
export async function loadReturn(request: Request, context: Readonly<RouterContextProvider>, params: { code?: string }) {
  const { token } = await requireVerifiedUser(request, context);
  const code = returnCodeParam.safeParse(params);
  if (!code.success) throw data(null, { status: 404, statusText: "Return not found" });
  const result = await fetchReturn(apiFor(context), token, code.data.code);
  if (result.ok) return { ret: result.data, error: null };
  if (result.status === 404) throw data(null, { status: 404, statusText: "Return not found" });
  return { ret: null, error: result.message };
}
