import { redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import type { ApiRoutes } from "#app/api-client/api-call.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { accountDataSchema } from "#app/api-client/responses.server.ts";
import { requireVerifiedUser } from "#app/session/auth.server.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/profile.my-data[.]json";

const ACCOUNT_TAB = "/profile?tab=account";
const FILE_NAME = `${SHOP.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-my-data.json`;

/** The file is made for a post only (the profile's Download my data); a GET (a typed URL, a prefetch) goes back. */
export function loader() {
  return redirect(ACCOUNT_TAB);
}

/**
 * Download my data (decision 0057): the API's document about the signed-in shopper as a JSON file the browser saves.
 * A resource route, so the answer is the file itself; the profile's form reloads the document to post here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireVerifiedUser(request, context);
  const call = { send: (c: ApiRoutes) => c.public.account.data.$get(), token, schema: accountDataSchema };
  const outcome = await callForForm(apiFor(context), call, [], MSG.privacy.downloadFailed);
  if (!outcome.ok) return redirectWithToast(request, ACCOUNT_TAB, "error", MSG.privacy.downloadFailed);
  return new Response(JSON.stringify(outcome.data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${FILE_NAME}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
