import { pageMeta } from "#app/content/page-meta.ts";
import { TERMS_OF_SERVICES, TERMS_PAGE } from "#app/content/terms-of-services.ts";
import { PolicyPage } from "#app/ui/policy-page.tsx";

export const meta = () => pageMeta(TERMS_PAGE);

export default function TermsOfServices() {
  return <PolicyPage page={TERMS_PAGE} clauses={TERMS_OF_SERVICES} />;
}
