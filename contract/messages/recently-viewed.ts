export const recentlyViewed = {
  fetchFailed: "Failed to fetch recently viewed",
  addFailed: "Failed to add to recently viewed",
  empty: "No recently viewed products",
  fetched: "Recently viewed fetched successfully",
  recorded: "Added to recently viewed",
  clear: "Clear recently viewed",
  cleared: "Recently viewed cleared",
  clearFailed: "Failed to clear recently viewed",
} as const;
