import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";

/**
 * The production build with the root route's stylesheets taken out of its manifest, and their text, which every
 * document then carries in a `<style>` of its head (`InlineStylesheet`) instead of linking it.
 *
 * A linked stylesheet blocks the first paint until it has arrived: on a slow connection that is a round trip
 * after the HTML, while the page's scripts compete for the same bandwidth. The whole shop's CSS is one small
 * sheet (every stylesheet is imported by the root route). With the root route listing no stylesheet, neither
 * the document nor the manifest the browser navigates with links it. The text is rendered into the HTML only,
 * not into the hydration data, so each document carries it once.
 *
 * `clientDir` is the client build's folder, which the stylesheets' URLs (below `build.publicPath`) point into.
 */
export function inlineRootStyles(build: ServerBuild, clientDir: string): { build: ServerBuild; css: string } {
  const root = build.assets.routes.root;
  const hrefs = root?.css ?? [];
  if (!root || hrefs.length === 0) return { build, css: "" };
  const css = hrefs.map((href) => readFileSync(join(clientDir, href.slice(build.publicPath.length)), "utf8")).join("\n");
  return {
    build: { ...build, assets: { ...build.assets, routes: { ...build.assets.routes, root: { ...root, css: [] } } } },
    css,
  };
}
