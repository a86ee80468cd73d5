import type { ReactNode } from "react";

interface SectionHeadingProps {
  title: ReactNode;
  /** Small tracked label above the title. */
  eyebrow?: string;
  description?: ReactNode;
  /** h1 for a page title, h2 (default) for a section. */
  level?: 1 | 2 | 3;
  align?: "start" | "center";
  id?: string;
}

export function SectionHeading({ title, eyebrow, description, level = 2, align = "start", id }: SectionHeadingProps) {
  const Heading = `h${level}` as const;
  return (
    <header className={`section-heading section-heading--${align}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading id={id} className={`section-heading__title section-heading__title--h${level}`}>
        {title}
      </Heading>
      {description ? <div className="section-heading__description">{description}</div> : null}
    </header>
  );
}
