/** The back office at /admin: what operators read. */
export const admin = {
  operatorsOnly: "This page is for the shop's operators only.",
} as const;
