import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { OperatorDto } from "#contract/dto/admin.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiClient, apiFor } from "../../api-client/api.server.ts";
import { operatorSchema } from "../../api-client/responses.server.ts";
import { requireVerifiedUser, signInUrl } from "../../session/auth.server.ts";

/** A signed-in operator: the token every back-office call carries, and who they are. */
export interface SignedInOperator {
  token: string;
  operator: OperatorDto;
}

/**
 * The back office's rule, in every admin loader and action (React Router runs a layout's loader beside its
 * children's, so each checks for itself): a guest goes to /signin and comes back; a shopper gets 403; an operator
 * goes on. The API decides who is an operator (`GET /admin/me`); this only reads its answer.
 */
export async function requireOperator(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedInOperator> {
  const { token } = await requireVerifiedUser(request, context);
  const me = await apiFor(context)({ send: (c) => c.admin.me.$get(), token, schema: operatorSchema });
  if (me.ok) return { token, operator: me.data };
  if (me.status === 401) throw redirect(signInUrl(request));
  if (me.status === 403) throw data(MSG.admin.operatorsOnly, { status: 403 });
  throw data(me.message, { status: me.status ?? 503 });
}

/**
 * Where a sign-in that asked for no page lands: an operator on the back office's dashboard, anyone else on the home
 * page. The API decides who is an operator (`GET /admin/me`); any failure of that call lands on the home page.
 */
export async function landingFor(api: ApiClient, token: string): Promise<string> {
  const me = await api({ send: (c) => c.admin.me.$get(), token, schema: operatorSchema });
  return me.ok ? "/admin" : "/";
}

/** Back-office pages are one operator's, right now: no cache may keep them, and no search engine index them. */
export const adminResponseHeaders: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
};
