export const recentlyViewed = {
  empty: "No recently viewed products",
  fetched: "Recently viewed fetched successfully",
  recorded: "Added to recently viewed",
} as const;
