import { toSVG } from "bwip-js/node";

/**
 * A Code 128 barcode of `text` as SVG markup, drawn on the server by bwip-js (decision 0060): the page carries
 * plain SVG paths, no script, no image request, nothing the content security policy has to allow, and the
 * library stays out of the browser's bundle. The quiet zone on each side is part of the drawing, so a scanner
 * finds the start of the code however the page is laid out.
 */
export function code128Svg(text: string): string {
  return toSVG({ bcid: "code128", text, height: 14, paddingwidth: 10, includetext: false });
}
