export const recentlyViewed = {
  fetchFailed: "Failed to fetch recently viewed",
  addFailed: "Failed to add to recently viewed",
  empty: "No recently viewed products",
  fetched: "Recently viewed fetched successfully",
  recorded: "Added to recently viewed",
} as const;
