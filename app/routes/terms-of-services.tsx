import "../styles/info-pages.css";
import { pageMeta } from "../content/page-meta.ts";
import { TERMS_OF_SERVICES, TERMS_PAGE } from "../content/terms-of-services.ts";
import { PageHeader } from "../components/ui/page-header.tsx";
import { PageSection } from "../components/ui/page-section.tsx";
import { DocumentSections } from "../components/ui/prose-section.tsx";

export const meta = () => pageMeta(TERMS_PAGE);

export default function TermsOfServices() {
  const page = TERMS_PAGE;
  return (
    <>
      <PageHeader title={page.title} eyebrow={page.eyebrow} intro={page.intro} trail={[{ label: page.title }]} />
      <PageSection>
        <DocumentSections blocks={TERMS_OF_SERVICES} />
      </PageSection>
    </>
  );
}
