import "../styles/info-pages.css";
import { pageMeta } from "../content/page-meta.ts";
import { PAYMENT_TERMS, PAYMENT_TERMS_PAGE } from "../content/payment-terms.ts";
import { PolicyPage } from "../components/ui/policy-page.tsx";

export const meta = () => pageMeta(PAYMENT_TERMS_PAGE);

export default function PaymentTerms() {
  return <PolicyPage page={PAYMENT_TERMS_PAGE} clauses={PAYMENT_TERMS} />;
}
