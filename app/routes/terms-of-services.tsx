import "../styles/info-pages.css";
import { PolicyPage } from "../components/ui/policy-page.tsx";
import { pageMeta } from "../content/page-meta.ts";
import { TERMS_OF_SERVICES, TERMS_PAGE } from "../content/terms-of-services.ts";

export const meta = () => pageMeta(TERMS_PAGE);

export default function TermsOfServices() {
  return <PolicyPage page={TERMS_PAGE} clauses={TERMS_OF_SERVICES} />;
}
