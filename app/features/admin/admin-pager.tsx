import { PageStep } from "#app/ui/page-step.tsx";
import { MSG } from "#contract/messages.ts";

/** Previous and Next through a back-office list, with where the operator is; only when there is more than one page. */
export function AdminPager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination admin-pager" aria-label="Pagination">
      <PageStep href={page > 1 ? hrefFor(page - 1) : null} rel="prev" label={MSG.admin.previous} />
      <span className="admin-pager__where">{MSG.admin.pageOf(page, totalPages)}</span>
      <PageStep href={page < totalPages ? hrefFor(page + 1) : null} rel="next" label={MSG.admin.next} />
    </nav>
  );
}
