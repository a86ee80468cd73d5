import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { INLINE_STYLES_ATTRIBUTE } from "./constants.ts";

/**
 * The production build with the root route's stylesheets taken out of its manifest, and their text, which every
 * document then carries in a `<style>` of its head (`InlineStylesheet`) instead of linking it.
 *
 * A linked stylesheet blocks the first paint until it has arrived: on a slow connection that is a round trip
 * after the HTML, while the page's scripts compete for the same bandwidth. The whole shop's CSS is one small
 * sheet (every stylesheet is imported by the root route). With the root route listing no stylesheet, neither
 * the document nor the manifest the browser navigates with links it. The text goes into the HTML only, not into
 * the hydration data, so each document carries it once; it is encoded here, once (`insertInlineStyles`).
 *
 * `clientDir` is the client build's folder, which the stylesheets' URLs (below `build.publicPath`) point into.
 */
export function inlineRootStyles(build: ServerBuild, clientDir: string): { build: ServerBuild; css: Uint8Array } {
  const root = build.assets.routes.root;
  const hrefs = root?.css ?? [];
  if (!root || hrefs.length === 0) return { build, css: new Uint8Array(0) };
  const css = hrefs.map((href) => readFileSync(join(clientDir, href.slice(build.publicPath.length)), "utf8")).join("\n");
  return {
    build: { ...build, assets: { ...build.assets, routes: { ...build.assets.routes, root: { ...root, css: [] } } } },
    css: Buffer.from(css),
  };
}

/** How `InlineStylesheet` opens its `<style>`, which React renders empty. */
const STYLE_START = Buffer.from(`<style ${INLINE_STYLES_ATTRIBUTE}=""`);
const STYLE_END = Buffer.from("</style>");

/**
 * The rewriter of one streamed document that writes `css` into the head's `<style>` (`InlineStylesheet`), called
 * with each piece as bytes. React renders that element empty: given the sheet as a string, it would encode the
 * 100 KB and measure them again on every render, and every rewriter after it would copy and scan them. The head
 * comes whole in the first piece (React writes the shell in one flush), so only that piece is searched; the sheet
 * goes out as a piece of its own, never copied.
 */
export function insertInlineStyles(css: Uint8Array = new Uint8Array(0)): (piece: Buffer) => Uint8Array[] {
  let searched = css.length === 0;
  return (piece) => {
    if (searched) return [piece];
    searched = true;
    const start = piece.indexOf(STYLE_START);
    const end = start === -1 ? -1 : piece.indexOf(STYLE_END, start);
    if (end === -1) return [piece];
    return [piece.subarray(0, end), css, piece.subarray(end)];
  };
}
