import type { Pagination } from "#contract/envelope.ts";

/** The 'Showing x to y of n' figures for one page of a list, or null when the page shows nothing. */
export function pageRange(pagination: Pick<Pagination, "page" | "limit" | "total">, shown: number) {
  if (shown === 0) return null;
  const from = (pagination.page - 1) * pagination.limit + 1;
  return { from, to: from + shown - 1, total: pagination.total };
}
