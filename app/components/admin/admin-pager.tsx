import { Link } from "react-router";
import { MSG } from "#contract/messages.ts";

/** Previous and Next through a back-office list, with where the operator is; only when there is more than one page. */
export function AdminPager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination admin-pager" aria-label="Pagination">
      {page > 1 ? (
        <Link className="pagination__step" to={hrefFor(page - 1)} rel="prev">
          {MSG.admin.previous}
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          {MSG.admin.previous}
        </span>
      )}
      <span className="admin-pager__where">{MSG.admin.pageOf(page, totalPages)}</span>
      {page < totalPages ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} rel="next">
          {MSG.admin.next}
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          {MSG.admin.next}
        </span>
      )}
    </nav>
  );
}
