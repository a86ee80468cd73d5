import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { apiFor } from "../../api-client/api.server.ts";
import type { ApiCall } from "../../api-client/api-call.ts";
import { refuse } from "../../forms/form-data.server.ts";
import { redirectWithToast } from "../../session/session.server.ts";
import { requireOperator } from "./admin.server.ts";

/** A back-office page's read: the operator's call, or the page answers the API's failure status. */
export async function adminRead<T>(request: Request, context: Readonly<RouterContextProvider>, call: Omit<ApiCall<T>, "token">) {
  const { token } = await requireOperator(request, context);
  const outcome = await apiFor(context)({ ...call, token });
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status ?? 503 });
  return outcome;
}

/**
 * A one-button post of a list (hide a review, mark a message handled, disable a code): the id comes from a hidden
 * field checked with `idSchema` (a forged one is 400), the API's answer comes back to the list as a toast.
 */
export async function adminButtonAction<Id>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { id: unknown; idSchema: z.ZodType<Id>; call: (id: Id) => Omit<ApiCall<unknown>, "token">; back: string },
) {
  const { token } = await requireOperator(request, context);
  const id = options.idSchema.safeParse(options.id);
  if (!id.success) throw refuse(400, "Malformed id");
  const outcome = await apiFor(context)({ ...options.call(id.data), token });
  return redirectWithToast(request, options.back, outcome.ok ? "success" : "error", outcome.message, { status: 303 });
}
