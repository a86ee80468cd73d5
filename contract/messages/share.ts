export const share = {
  shared: "Product shared successfully!",
  copied: "Product URL copied to clipboard!",
  failed: "Failed to share product",
} as const;
