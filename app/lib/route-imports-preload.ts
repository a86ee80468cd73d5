/**
 * React Router loads a route's module on a client navigation with a bare `import()`, so the browser finds the
 * chunks that module imports only once it has arrived: one more round trip before the page can render. The
 * manifest already lists them (`imports`, what the first document preloads); this instrumentation hands them
 * to React's `preloadModule` when the route's loader or action starts, beside the route module and the data.
 */
import { preloadModule } from "react-dom";
import type { UNSAFE_AssetsManifest as AssetsManifest, ClientInstrumentation } from "react-router";

declare global {
  interface Window {
    __reactRouterManifest?: AssetsManifest;
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

/** The chunks that a route's module imports, while the module is not loaded yet (React Router imports the module itself). */
export function chunksToPreload(
  routeId: string,
  manifest: AssetsManifest | undefined,
  loaded: Record<string, unknown> | undefined,
): string[] {
  const route = manifest?.routes[routeId];
  if (!route || (loaded && routeId in loaded)) return [];
  return route.imports ?? [];
}

function preloadChunksOf(routeId: string) {
  for (const href of chunksToPreload(routeId, window.__reactRouterManifest, window.__reactRouterRouteModules)) preloadModule(href);
}

export const preloadRouteImports: ClientInstrumentation = {
  route(route) {
    route.instrument({
      async loader(callLoader) {
        preloadChunksOf(route.id);
        await callLoader();
      },
      async action(callAction) {
        preloadChunksOf(route.id);
        await callAction();
      },
    });
  },
};
