import { redirect } from "react-router";
import { currencyFormSchema } from "#app/features/currency/currency-schema.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { saveCurrency } from "#app/session/session.server.ts";
import type { Route } from "./+types/currency";

/** Nothing to show here: the picker posts to this route from every page. */
export function loader() {
  return redirect("/");
}

/** Saves the chosen display currency and returns to the page it was chosen on; an unknown code changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const submission = currencyFormSchema.safeParse(form);
  if (!submission.success) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await saveCurrency(request, submission.data.currency) } });
}
