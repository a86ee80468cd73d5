import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadRouteImports } from "./lib/route-imports-preload.ts";

// React Router's default entry with hydration and router updates outside `startTransition`: nothing on a page
// suspends, so React hydrates, and renders a navigation's page, in one task instead of 5 ms slices with frames
// between them, and the page is live sooner (decisions 0051 and 0077).
hydrateRoot(
  document,
  <StrictMode>
    <HydratedRouter instrumentations={[preloadRouteImports]} useTransitions={false} />
  </StrictMode>,
);
