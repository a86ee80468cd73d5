import type { EntryContext } from "react-router";

/**
 * The modules React Router's `<Scripts>` preloads for a document: the client entry and its imports, then each
 * matched route's module and imports, once each, in that order.
 */
export function scriptPreloads({ manifest, staticHandlerContext }: Pick<EntryContext, "manifest" | "staticHandlerContext">): string[] {
  const hrefs = [manifest.entry.module, ...manifest.entry.imports];
  for (const { route } of staticHandlerContext.matches) {
    const module = manifest.routes[route.id];
    if (module) hrefs.push(module.module, ...(module.imports ?? []));
  }
  return [...new Set(hrefs)];
}
