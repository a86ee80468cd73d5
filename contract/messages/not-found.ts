export const notFound = {
  code: "404",
  title: "Page Not Found",
  message: "The page you are looking for may have moved, or it no longer exists. Let us guide you back to the collection.",
  home: "Go Back Home",
} as const;
