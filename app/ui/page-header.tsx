import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "./breadcrumbs.tsx";
import { SectionHeading } from "./section-heading.tsx";

interface PageHeaderProps {
  title: ReactNode;
  /** Crumbs after "Homepage"; the last one is the current page. */
  trail: readonly Crumb[];
  eyebrow?: string;
  intro?: ReactNode;
  align?: "start" | "center";
}

/** Breadcrumbs plus the page's h1: the top of every content page. */
export function PageHeader({ title, trail, eyebrow, intro, align = "center" }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="container">
        <Breadcrumbs trail={trail} />
        <SectionHeading level={1} title={title} eyebrow={eyebrow} description={intro} align={align} />
      </div>
    </div>
  );
}
