import { type ReactNode, useId } from "react";
import { SectionHeading } from "./section-heading.tsx";

interface PageSectionProps {
  id?: string;
  title?: ReactNode;
  eyebrow?: string;
  description?: ReactNode;
  align?: "start" | "center";
  /** "muted" sets the section on the cream surface for rhythm between sections. */
  tone?: "plain" | "muted";
  /** "narrow" keeps text sections at a readable measure. */
  width?: "wide" | "narrow";
  children: ReactNode;
}

/** A page band with consistent vertical rhythm, an optional heading and the page container. */
export function PageSection({
  id,
  title,
  eyebrow,
  description,
  align = "start",
  tone = "plain",
  width = "wide",
  children,
}: PageSectionProps) {
  const generatedId = useId();
  const headingId = id ? `${id}-title` : generatedId;
  return (
    <section id={id} className={`page-section page-section--${tone}`} aria-labelledby={title ? headingId : undefined}>
      <div className={`container page-section__inner page-section__inner--${width}`}>
        {title ? <SectionHeading id={headingId} title={title} eyebrow={eyebrow} description={description} align={align} /> : null}
        {children}
      </div>
    </section>
  );
}
