import "../styles/info-pages.css";
import { ButtonLink } from "../components/ui/button.tsx";
import { PageSection } from "../components/ui/page-section.tsx";
import { PolicyPage } from "../components/ui/policy-page.tsx";
import { ProseSection } from "../components/ui/prose-section.tsx";
import { StepList } from "../components/ui/step-list.tsx";
import { pageMeta } from "../content/page-meta.ts";
import { RETURN_POLICY, RETURN_STEPS, RETURNS_PAGE, RETURNS_PROMISE } from "../content/return-exchanges.ts";

export const meta = () => pageMeta(RETURNS_PAGE);

export default function ReturnExchanges() {
  return (
    <PolicyPage page={RETURNS_PAGE} clauses={RETURN_POLICY}>
      <PageSection width="narrow">
        <ProseSection block={RETURNS_PROMISE} />
      </PageSection>
      <PageSection id="return-process" title="How to Return" eyebrow="Four Steps" align="center" tone="muted">
        <StepList steps={RETURN_STEPS} />
        <div className="button-row button-row--center">
          <ButtonLink to="/contact">Start Return Process</ButtonLink>
        </div>
      </PageSection>
    </PolicyPage>
  );
}
