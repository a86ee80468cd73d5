import type { ReactNode } from "react";
import type { ProseBlock } from "#app/content/types.ts";

/** A titled block of paragraphs with optional bullet points, e.g. one clause of a policy page. */
export function ProseSection({ block, children }: { block: ProseBlock; children?: ReactNode }) {
  return (
    <section className="prose-section" id={block.id} aria-labelledby={`${block.id}-title`}>
      <h2 id={`${block.id}-title`} className="prose-section__title">
        {block.heading}
      </h2>
      <div className="prose">
        {block.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {block.points ? (
          <ul>
            {block.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** Policy pages: an "On this page" index beside the clauses (sticky on wide screens). */
export function DocumentSections({ blocks, label = "On this page" }: { blocks: readonly ProseBlock[]; label?: string }) {
  return (
    <div className="document">
      <nav className="document__index" aria-label={label}>
        <p className="eyebrow">{label}</p>
        <ol>
          {blocks.map((block) => (
            <li key={block.id}>
              <a href={`#${block.id}`}>{block.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="document__body">
        {blocks.map((block) => (
          <ProseSection key={block.id} block={block} />
        ))}
      </div>
    </div>
  );
}
