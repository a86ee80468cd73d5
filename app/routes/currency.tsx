import { redirect } from "react-router";
import { CURRENCY_PAGE } from "#app/content/currency.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { CURRENCY_CHOICES } from "#app/features/currency/currency.ts";
import { CurrencyChoices } from "#app/features/currency/currency-choices.tsx";
import { currencyFormSchema } from "#app/features/currency/currency-schema.ts";
import { readForm } from "#app/forms/form-data.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { readCurrency, saveCurrency } from "#app/session/session.server.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import type { Route } from "./+types/currency";

/**
 * The currency page (the picker without JavaScript): the currencies, the one in force and the page to return to.
 * The list comes as data, so the route's script (loaded for a choice posted here) carries no currency table.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    choices: CURRENCY_CHOICES,
    current: await readCurrency(request),
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
  };
}

/** Saves the chosen display currency and returns to the page it was chosen on; an unknown code changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const submission = currencyFormSchema.safeParse(form);
  if (!submission.success) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await saveCurrency(request, submission.data.currency) } });
}

export const meta: Route.MetaFunction = () => [...pageMeta(CURRENCY_PAGE), { name: "robots", content: "noindex" }];

export default function CurrencyPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="currency-page">
      <PageHeader
        title={CURRENCY_PAGE.title}
        eyebrow={CURRENCY_PAGE.eyebrow}
        intro={CURRENCY_PAGE.intro}
        trail={[{ label: CURRENCY_PAGE.title }]}
      />
      <div className="container currency-page__body">
        <CurrencyChoices choices={loaderData.choices} current={loaderData.current} redirectTo={loaderData.redirectTo} />
      </div>
    </div>
  );
}
