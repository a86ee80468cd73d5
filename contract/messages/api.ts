export const api = {
  notFound: "Resource not found",
  routeNotFound: "Route not found",
  payloadTooLarge: "Request body is too large",
  internal: "Internal server error",
  serviceUnavailable: "The shop is briefly unavailable. Please try again in a moment.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;
