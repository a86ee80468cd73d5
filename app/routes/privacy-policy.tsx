import { pageMeta } from "#app/content/page-meta.ts";
import { PRIVACY_PAGE, PRIVACY_POLICY } from "#app/content/privacy-policy.ts";
import { PolicyPage } from "#app/ui/policy-page.tsx";

export const meta = () => pageMeta(PRIVACY_PAGE);

export default function PrivacyPolicy() {
  return <PolicyPage page={PRIVACY_PAGE} clauses={PRIVACY_POLICY} />;
}
