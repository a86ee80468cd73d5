import { Link } from "react-router";
import type { ListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { listingHref, pageLinks, withPage } from "#app/features/catalogue/listing-url.ts";
import { PageStep } from "#app/ui/page-step.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * Previous, numbered pages, Next; only when there is more than one page. Page links scroll to the top
 * (they do not prevent the scroll reset that filter changes prevent).
 */
export function Pagination({ query, totalPages }: { query: ListingQuery; totalPages: number }) {
  if (totalPages <= 1) return null;
  const current = Math.min(query.page, totalPages);
  const hrefFor = (page: number) => listingHref(withPage(query, page));
  return (
    <nav className="pagination" aria-label="Pagination">
      <PageStep href={current > 1 ? hrefFor(current - 1) : null} rel="prev" label={MSG.catalogue.previous} />
      <ol className="pagination__pages">
        {pageLinks(current, totalPages).map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link.page}>
              {link.page === current ? (
                <span className="pagination__page is-current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {link.page}
                </span>
              ) : (
                <Link className="pagination__page" to={hrefFor(link.page)}>
                  <span className="visually-hidden">Page </span>
                  {link.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      <PageStep href={current < totalPages ? hrefFor(current + 1) : null} rel="next" label={MSG.catalogue.next} />
    </nav>
  );
}
