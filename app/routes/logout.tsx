import { redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { noDataSchema } from "#app/api-client/responses.server.ts";
import { destroySession, getSession } from "#app/session/session.server.ts";
import type { Route } from "./+types/logout";

/** Signing out changes state, so only a POST does it; a GET (a typed URL, a prefetch) just goes home. */
export function loader() {
  return redirect("/");
}

/** Revokes the bearer token (a failure there still signs this browser out), forgets the session, goes to /signin. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request);
  const token = session.get("token");
  if (token) {
    await apiFor(context)({ send: (c) => c.public.auth.logout.$post(), token, schema: noDataSchema }).catch(() => undefined);
  }
  return redirect("/signin", { headers: { "Set-Cookie": await destroySession(request, session) } });
}
