import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadRouteImports } from "./lib/route-imports-preload.ts";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[preloadRouteImports]} />
    </StrictMode>,
  );
});
