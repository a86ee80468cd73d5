export const helper = {
  validation: "Validation error!",
  unauthorized: "Unauthorized! Please log in again.",
  server: "Server error! Please try again later.",
  networkOrTimeout: "Network error or timeout occurred.",
  noResponse: "Network error! Please check your connection.",
  unknown: "Something went wrong!",
} as const;
