export const router = {
  unexpected: "Unexpected Application Error!",
  /** Why a request was refused before routing: the status text, shown under the error page's title and logged. */
  refused: {
    method: "Method not allowed",
    crossSite: "Cross-site post",
    noOrigin: "Post without Origin",
    formTooLarge: "Form too large",
    notAForm: "Not a form post",
    malformedHost: "Malformed Host",
    malformedUrl: "Malformed URL",
  },
} as const;
