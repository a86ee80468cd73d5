import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import type { ModuleInfo } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { BEST_ENCODINGS, compressAtBest } from "./server/compress-at-best.server.ts";

/**
 * Modules that only re-export others. The layout reads a few sections of the message catalogue through
 * `MSG`; following the barrel's edges would put every section, and every text any page reads, on every page.
 */
const REEXPORT_BARRELS = ["/contract/messages.ts"];

type ModuleGraph = { getModuleInfo: (id: string) => ModuleInfo | null };

const ROUTE_MODULE = /\/app\/(root|routes\/[^/?]+)\.tsx(\?|$)/;

/** The route modules that import `id`, directly or through other modules (barrels not followed). */
function routesReaching(id: string, graph: ModuleGraph): Set<string> {
  const routes = new Set<string>();
  const seen = new Set([id]);
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      const route = ROUTE_MODULE.exec(importer);
      if (route) routes.add(route[1]);
      else if (!seen.has(importer) && !REEXPORT_BARRELS.some((barrel) => importer.endsWith(barrel))) {
        seen.add(importer);
        pending.push(importer);
      }
    }
  }
  return routes;
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

/** Pages whose scripts share the product card and its helpers. */
const CATALOGUE_ROUTES = new Set(["routes/home", "routes/products", "routes/product.$id", "routes/categories", "routes/wishlist"]);
/**
 * A module this many pages import is as good as loaded on every page. (The group takes such a module's imports
 * along: a component that imports a library, like the form fields, must stay below this count.)
 */
const SHARED_BY_MOST = 8;

/**
 * Fewer, larger scripts: each is compressed on its own, so a page of a dozen small chunks sends a few KB
 * more than the same code in three. `layout`: what the root route imports (every page loads it) and the few
 * small shop components most pages use. `catalogue`: what only the catalogue pages share (the product card,
 * its forms, the card view models). The rest stays with the routes that import it.
 */
function layoutGroup(id: string, graph: ModuleGraph): string | null {
  if (!/\.(tsx?|m?js)$/.test(id) || ROUTE_MODULE.test(id)) return null;
  const routes = routesReaching(id, graph);
  return routes.has("root") || (!id.includes("/node_modules/") && routes.size >= SHARED_BY_MOST) ? "layout" : null;
}

function catalogueGroup(id: string, graph: ModuleGraph): string | null {
  if (!/\.(tsx?|m?js)$/.test(id) || ROUTE_MODULE.test(id) || id.includes("/node_modules/")) return null;
  const routes = routesReaching(id, graph);
  return routes.size >= 2 && [...routes].every((route) => CATALOGUE_ROUTES.has(route)) ? "catalogue" : null;
}

const COMPRESSIBLE = /\.(js|css|svg)$/;
/** The file suffix express-static-gzip looks for, per encoding. */
const SUFFIX = { br: "br", gzip: "gz" } as const;

/**
 * Scripts, styles and drawings are compressed once, after the whole build (React Router writes the route manifest
 * late), at the highest settings (`compressAtBest`): brotli 11 is 15 % smaller than what a server can afford per
 * request. Written beside each file as `.br` and `.gz` where smaller; server/app.ts serves them with
 * express-static-gzip.
 */
function precompressClientFiles(): Plugin {
  return {
    name: "precompress-client-files",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const clientDir = resolve(builder.config.root, builder.environments.client?.config.build.outDir ?? "build/client");
        const files = (await readdir(clientDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const path = join(clientDir, file);
            const source = await readFile(path);
            for (const encoding of BEST_ENCODINGS) {
              const encoded = await compressAtBest[encoding](source);
              if (encoded.length < source.length) await writeFile(`${path}.${SUFFIX[encoding]}`, encoded);
            }
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompressClientFiles()],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server entry is the shop's Express app, which imports the routes' build (`virtual:react-router/server-build`).
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
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
              ],
            },
          },
        },
      },
    },
  },
});
