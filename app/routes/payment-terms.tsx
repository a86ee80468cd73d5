import { PolicyPage } from "#app/components/ui/policy-page.tsx";
import { pageMeta } from "#app/content/page-meta.ts";
import { PAYMENT_TERMS, PAYMENT_TERMS_PAGE } from "#app/content/payment-terms.ts";

export const meta = () => pageMeta(PAYMENT_TERMS_PAGE);

export default function PaymentTerms() {
  return <PolicyPage page={PAYMENT_TERMS_PAGE} clauses={PAYMENT_TERMS} />;
}
