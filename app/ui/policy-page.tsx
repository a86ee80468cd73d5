import type { ReactNode } from "react";
import type { PageCopy, ProseBlock } from "#app/content/types.ts";
import { PageHeader } from "./page-header.tsx";
import { PageSection } from "./page-section.tsx";
import { DocumentSections } from "./prose-section.tsx";

/** A policy page: header with breadcrumbs, optional lead-in sections, then the clauses with their index. */
export function PolicyPage({ page, clauses, children }: { page: PageCopy; clauses: readonly ProseBlock[]; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={page.title} eyebrow={page.eyebrow} intro={page.intro} trail={[{ label: page.title }]} />
      {children}
      <PageSection>
        <DocumentSections blocks={clauses} />
      </PageSection>
    </>
  );
}
