export const router = {
  unexpected: "Unexpected Application Error!",
} as const;
