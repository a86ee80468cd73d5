import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted on the current page, which is the last crumb. */
  to?: string;
}

/** "Homepage > …" trail; the Homepage crumb is always first, so pass only what follows it. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const crumbs: Crumb[] = [{ label: "Homepage", to: "/" }, ...trail];
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const isCurrent = index === crumbs.length - 1;
          return (
            <li key={`${crumb.to ?? ""}${crumb.label}`}>
              {crumb.to && !isCurrent ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={isCurrent ? "page" : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
