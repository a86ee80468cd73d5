import { reactRouter } from "@react-router/dev/vite";
import type { ModuleInfo } from "rolldown";
import { defineConfig, type Plugin } from "vite";

/**
 * Modules that only re-export others. The layout reads a few sections of the message catalogue through
 * `MSG`; following the barrel's edges would put every section, and every text any page reads, on every page.
 */
const REEXPORT_BARRELS = ["/contract/messages.ts"];

type ModuleGraph = { getModuleInfo: (id: string) => ModuleInfo | null };

const ROUTE_MODULE = /\/app\/(root|routes\/[^/?]+)\.tsx(\?|$)/;

/**
 * The route modules that import `id`, directly or through other modules (barrels not followed). A route reached
 * only through a dynamic `import()` (a part whose code loads after the page's) is named `deferred:<route>`.
 */
function routesReaching(id: string, graph: ModuleGraph): Set<string> {
  const routes = new Set<string>();
  const seen = new Set([`${id}|static`]);
  const pending: [string, "static" | "deferred"][] = [[id, "static"]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, reach] = next;
    const info = graph.getModuleInfo(current);
    const edges = [
      ...(info?.importers ?? []).map((importer) => [importer, reach] as const),
      ...(info?.dynamicImporters ?? []).map((importer) => [importer, "deferred"] as const),
    ];
    for (const [importer, importerReach] of edges) {
      const route = ROUTE_MODULE.exec(importer);
      if (route) routes.add(importerReach === "static" ? route[1] : `deferred:${route[1]}`);
      else if (!seen.has(`${importer}|${importerReach}`) && !REEXPORT_BARRELS.some((barrel) => importer.endsWith(barrel))) {
        seen.add(`${importer}|${importerReach}`);
        pending.push([importer, importerReach]);
      }
    }
  }
  return routes;
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

/** Pages whose scripts share the product card and its helpers (the home page's through its deferred parts). */
const CATALOGUE_ROUTES = new Set(["routes/home", "routes/products", "routes/product.$id", "routes/categories", "routes/wishlist"]);
/**
 * A module this many pages import is as good as loaded on every page. (The group takes such a module's imports
 * along: a component that imports a library, like the form fields, must stay below this count.)
 */
const SHARED_BY_MOST = 8;

/**
 * Fewer, larger scripts: each is compressed on its own, so a page of a dozen small chunks sends a few KB
 * more than the same code in three. `layout`: what the root route imports (every page loads it), what the
 * root's deferred parts share with a page (the price, the router's texts), and the few small shop components
 * most pages use. `catalogue`: what only the catalogue pages share (the product card,
 * its forms, the card view models). The rest stays with the routes that import it.
 */
function layoutGroup(id: string, graph: ModuleGraph): string | null {
  if (!/\.(tsx?|m?js)$/.test(id) || ROUTE_MODULE.test(id)) return null;
  const routes = routesReaching(id, graph);
  const deferredPart = (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  const sharedWithRoot = routes.has("root") || (routes.has("deferred:root") && routes.size >= 2 && !deferredPart);
  // A page counts once, whether it imports the module itself, through a deferred part, or both.
  const pages = new Set([...routes].map((route) => route.replace(/^deferred:/, "")));
  return sharedWithRoot || (!id.includes("/node_modules/") && pages.size >= SHARED_BY_MOST) ? "layout" : null;
}

/**
 * The product card and its colour dots: the listing shows them at once, the home and product pages only in
 * deferred parts further down, so they are a chunk of their own rather than part of `catalogue`, which the
 * product page's own forms need at once.
 */
const PRODUCT_CARD = /\/app\/components\/catalogue\/(product-card|color-dots)\.tsx$/;

function catalogueGroup(id: string, graph: ModuleGraph): string | null {
  if (!/\.(tsx?|m?js)$/.test(id) || ROUTE_MODULE.test(id) || id.includes("/node_modules/")) return null;
  if (PRODUCT_CARD.test(id)) return "product-card";
  const routes = routesReaching(id, graph);
  const pages = new Set([...routes].map((route) => route.replace(/^deferred:/, "")));
  return pages.size >= 2 && [...pages].every((route) => CATALOGUE_ROUTES.has(route)) ? "catalogue" : null;
}

/**
 * What a page shares only with its own deferred parts (the listing's URL helpers, which the page and its filter
 * panel both use): one chunk beside the page's, not one per combination of importers, which compress worse.
 */
function pageSharedGroup(id: string, graph: ModuleGraph): string | null {
  if (!/\.(tsx?|m?js)$/.test(id) || ROUTE_MODULE.test(id) || id.includes("/node_modules/")) return null;
  const routes = routesReaching(id, graph);
  const [route, ...others] = new Set([...routes].map((reach) => reach.replace(/^deferred:/, "")));
  return route && others.length === 0 && routes.has(route) && routes.has(`deferred:${route}`)
    ? `${route.replace("routes/", "")}-shared`
    : null;
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic `import()` in a helper that first preloads the imported chunk's own imports (1.1 KB
 * gzip on every page that has one). React Router already preloads each route's chunks from its manifest, the
 * lazily loaded parts import only chunks the page has loaded (`modulePreload: false` leaves their list empty),
 * and every stylesheet is inlined into the document: the helper would only call the import.
 */
function dynamicImportsAsIs(): Plugin {
  return {
    name: "dynamic-imports-as-is",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
  };
}

export default defineConfig({
  plugins: [reactRouter(), dynamicImportsAsIs()],
  build: { assetsInlineLimit: 0, modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router load together on every page: one chunk, not several.
                {
                  name: "framework",
                  test: FRAMEWORK,
                  priority: 3,
                },
                // A group takes the modules its members import unless a group of higher priority claims them.
                { name: layoutGroup, debugName: "layout", priority: 2 },
                { name: catalogueGroup, debugName: "catalogue", priority: 1 },
                { name: pageSharedGroup, debugName: "page-shared", priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
