/** The back office at /admin: what operators read. */
export const admin = {
  operatorsOnly: "This page is for the shop's operators only.",
  forbiddenTitle: "Operators only",
  operatorFetched: "Operator fetched",
  title: "Back Office",
  navLabel: "Back office",
  filter: "Filter",
  clearFilters: "Clear",
  noResults: "Nothing matches these filters.",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
} as const;
