import { pageMeta } from "#app/content/page-meta.ts";
import { RETURN_POLICY, RETURN_STEPS, RETURNS_PAGE, RETURNS_PROMISE } from "#app/content/return-exchanges.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PageSection } from "#app/ui/page-section.tsx";
import { PolicyPage } from "#app/ui/policy-page.tsx";
import { ProseSection } from "#app/ui/prose-section.tsx";
import { StepList } from "#app/ui/step-list.tsx";
import { ORDERS_TAB } from "#contract/paths.ts";

export const links = () => areaSheets("infoPages");

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
          <ButtonLink to={ORDERS_TAB}>Start Return Process</ButtonLink>
        </div>
      </PageSection>
    </PolicyPage>
  );
}
