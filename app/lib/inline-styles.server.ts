import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";

/**
 * The production build with the root route's stylesheets inlined into every document instead of linked.
 *
 * A linked stylesheet blocks the first paint until it has arrived: on a slow connection that is a round trip
 * after the HTML, while the page's scripts compete for the same bandwidth. The whole shop's CSS is one small
 * sheet (every stylesheet is imported by the root route), so each document carries it in a `<style>` of its
 * head, rendered by React Router's `<Links />` from `unstable_getCriticalCss`, and the root route lists no
 * stylesheet: neither the document nor the manifest the browser navigates with links it. The browser does
 * not own that `<style>` (it is not rendered on the client), so it stays for the whole visit.
 *
 * `clientDir` is the client build's folder, which the stylesheets' URLs (below `build.publicPath`) point into.
 */
export function withInlineRootStyles(build: ServerBuild, clientDir: string): ServerBuild {
  const root = build.assets.routes.root;
  const hrefs = root?.css ?? [];
  if (!root || hrefs.length === 0) return build;
  const css = hrefs.map((href) => readFileSync(join(clientDir, href.slice(build.publicPath.length)), "utf8")).join("\n");
  return {
    ...build,
    unstable_getCriticalCss: () => css,
    assets: { ...build.assets, routes: { ...build.assets.routes, root: { ...root, css: [] } } },
  };
}
