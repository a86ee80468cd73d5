import { redirect } from "react-router";
import { currencyOptionsHtml } from "#app/features/currency/currency.ts";
import { currencyFormSchema } from "#app/features/currency/currency-schema.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { readCurrency, saveCurrency } from "#app/session/session.server.ts";
import { CURRENCY_OPTIONS_PARAM as OPTIONS_PARAM } from "#app/ui/layout/currency-picker.tsx";
import type { Route } from "./+types/currency";

/** The picker's options (`?options`), for a picker the browser rendered itself; otherwise nothing to show here. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!new URL(request.url).searchParams.has(OPTIONS_PARAM)) return redirect("/");
  return new Response(currencyOptionsHtml(await readCurrency(request)), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" },
  });
}

/** Saves the chosen display currency and returns to the page it was chosen on; an unknown code changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const submission = currencyFormSchema.safeParse(form);
  if (!submission.success) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await saveCurrency(request, submission.data.currency) } });
}
