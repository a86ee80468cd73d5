import "../styles/info-pages.css";
import { pageMeta } from "../content/page-meta.ts";
import { PAYMENT_TERMS, PAYMENT_TERMS_PAGE } from "../content/payment-terms.ts";
import { PageHeader } from "../components/ui/page-header.tsx";
import { PageSection } from "../components/ui/page-section.tsx";
import { DocumentSections } from "../components/ui/prose-section.tsx";

export const meta = () => pageMeta(PAYMENT_TERMS_PAGE);

export default function PaymentTerms() {
  const page = PAYMENT_TERMS_PAGE;
  return (
    <>
      <PageHeader title={page.title} eyebrow={page.eyebrow} intro={page.intro} trail={[{ label: page.title }]} />
      <PageSection>
        <DocumentSections blocks={PAYMENT_TERMS} />
      </PageSection>
    </>
  );
}
