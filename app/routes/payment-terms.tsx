import { apiFor } from "#app/api-client/api.server.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { PAYMENT_TERMS_PAGE, paymentTerms } from "#app/content/payment-terms.ts";
import { paymentOptions } from "#app/features/checkout/hosted-checkout.server.ts";
import { PolicyPage } from "#app/ui/policy-page.tsx";
import type { Route } from "./+types/payment-terms";

export const meta = () => pageMeta(PAYMENT_TERMS_PAGE);

/** The terms depend on the gateway that runs (card details on the shop's form, or on Stripe's page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { options: await paymentOptions(apiFor(context)) };
}

export default function PaymentTerms({ loaderData }: Route.ComponentProps) {
  return <PolicyPage page={PAYMENT_TERMS_PAGE} clauses={paymentTerms(loaderData.options)} />;
}
