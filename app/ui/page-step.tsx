import { Link } from "react-router";

interface PageStepProps {
  /** Where the step leads, or null when there is no such page. */
  href: string | null;
  rel: "prev" | "next";
  label: string;
  className?: string;
  /** Keep the scroll position (a list that sits lower on its page). */
  preventScrollReset?: boolean;
}

/** Previous or Next of a paged list: a link while there is such a page, else the same words marked disabled. */
export function PageStep({ href, rel, label, className = "pagination__step", preventScrollReset }: PageStepProps) {
  return href ? (
    <Link className={className} to={href} rel={rel} preventScrollReset={preventScrollReset}>
      {label}
    </Link>
  ) : (
    <span className={className} aria-disabled="true">
      {label}
    </span>
  );
}
