export const addresses = {
  fetchFailed: "Failed to fetch addresses",
  createFailed: "Failed to create address",
  updateFailed: "Failed to update address",
  deleteFailed: "Failed to delete address",
  confirmDelete: "Are you sure you want to delete this address? This action cannot be undone.",
  none: "No addresses found. Add your first address below.",
} as const;
