export const pricing = {
  ratesFailed: "Failed to fetch exchange rates",
  originalPrice: "Original price",
  displayCurrency: "Display currency",
} as const;
