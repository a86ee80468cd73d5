import { MSG } from "#contract/messages.ts";
import { PageStep } from "./page-step.tsx";

interface StepPagerProps {
  /** The navigation landmark's name. */
  label: string;
  /** 'Showing x to y of n …' for the page on screen. */
  showing: string;
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}

/**
 * 'Showing x to y of n' with Previous and Next as plain links (so paging works without JavaScript); a step
 * that leads nowhere is shown disabled, and a single page has no steps. Paging keeps the scroll position: the
 * list sits lower on its page.
 */
export function StepPager({ label, showing, page, totalPages, hrefFor }: StepPagerProps) {
  if (totalPages <= 1) return <p className="step-pager step-pager__showing">{showing}</p>;
  return (
    <nav className="step-pager" aria-label={label}>
      <p className="step-pager__showing">{showing}</p>
      <div className="step-pager__steps">
        <PageStep
          href={page > 1 ? hrefFor(page - 1) : null}
          rel="prev"
          label={MSG.catalogue.previous}
          className="step-pager__step"
          preventScrollReset
        />
        <PageStep
          href={page < totalPages ? hrefFor(page + 1) : null}
          rel="next"
          label={MSG.catalogue.next}
          className="step-pager__step"
          preventScrollReset
        />
      </div>
    </nav>
  );
}
