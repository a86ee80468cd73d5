/**
 * Which characters the subset font files hold, and the CSS that declares them: used by scripts/subset-fonts.ts
 * (which writes the files) and by its test (which checks the committed stylesheet still matches the shop's texts).
 */
import { globSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The faces the shop uses: fontsource's Latin files, each also subset to the shop's characters. `display`: the
 * faces every page's first screen uses are preloaded (app/styles/links.ts) and `swap` (text shows at once in the
 * fallback, and the face is there before or with the first paint); the italic, only ever below the first screen,
 * is `optional`: used when it is at hand at once (cached, or arriving within the browser's 100 ms), never
 * swapped in later under a shopper's eyes (decision 0069).
 */
export const FONT_FACES = [
  { family: "Cormorant Garamond", packageName: "@fontsource/cormorant-garamond", style: "normal", weight: 500, display: "swap" },
  { family: "Cormorant Garamond", packageName: "@fontsource/cormorant-garamond", style: "italic", weight: 500, display: "optional" },
  { family: "Jost", packageName: "@fontsource/jost", style: "normal", weight: 400, display: "swap" },
  { family: "Jost", packageName: "@fontsource/jost", style: "normal", weight: 500, display: "swap" },
] as const;

export type FontFace = (typeof FONT_FACES)[number];

/** Where the shop's own texts are: the message catalogue and constants, the storefront's pages, the demo catalogue. */
const TEXT_SOURCES = ["contract/**/*.ts", "app/**/*.{ts,tsx}", "api/db/seed/**/*.ts"];

/** The shop's texts: every source file that holds them, whole (a character only a comment uses is a harmless extra). */
export function readShopTexts(root: string): string[] {
  return globSync(TEXT_SOURCES, { cwd: root })
    .filter((path) => !/\.test\.tsx?$/.test(path))
    .sort()
    .map((path) => readFileSync(`${root}/${path}`, "utf8"));
}

/** fontsource's name for a face's Latin file, without extension: 'jost-latin-500-normal'. */
export function latinFileName(face: FontFace): string {
  return `${face.packageName.replace("@fontsource/", "")}-latin-${face.weight}-${face.style}`;
}

/** The `unicode-range` fontsource declares for a face's Latin file: what the full file covers. */
export function latinCoverage(face: FontFace): Set<number> {
  const require = createRequire(import.meta.url);
  const sheet = readFileSync(require.resolve(`${face.packageName}/${face.weight}${face.style === "italic" ? "-italic" : ""}.css`), "utf8");
  const block = sheet.split(`/* ${latinFileName(face)} */`)[1];
  const value = block && /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  if (!value) throw new Error(`No unicode-range for ${latinFileName(face)} in ${face.packageName}`);
  return parseUnicodeRange(value);
}

/** Printable ASCII: every text of the shop is mostly made of it, so all of it is in the subset whatever the texts say. */
const PRINTABLE_ASCII = range(0x20, 0x7e);

/**
 * Beyond the characters the texts use: the typographic punctuation and signs a new text is most likely to bring
 * (no-break space, quotes, dashes, ellipsis, bullet, primes, guillemets, the currency and trade marks the shop prints).
 * Each costs a few dozen bytes per face; an accented letter outside the subset still renders in the brand face, from
 * the full Latin file.
 */
const MARGIN = "\u00a0‘’‚“”„–—…•·×′″‹›«»£€¥©®™°";

/** The code points of a text, each once, in order of first appearance. */
export function codePointsOf(text: string): Set<number> {
  const codePoints = new Set<number>();
  for (const character of text) codePoints.add(character.codePointAt(0) as number);
  return codePoints;
}

/**
 * The characters a face's subset holds: printable ASCII, the margin, every character the shop's texts use and
 * the other case of each letter among them (headings and labels are uppercased in CSS), limited to what the full
 * file covers (`coverage`: a character the font has no glyph for falls back to the next font either way).
 * Control characters are never text.
 */
export function subsetCodePoints(texts: readonly string[], coverage: ReadonlySet<number>): number[] {
  const wanted = new Set([...PRINTABLE_ASCII, ...codePointsOf(MARGIN)]);
  for (const text of texts) {
    for (const codePoint of codePointsOf(text)) {
      if (isControl(codePoint)) continue;
      wanted.add(codePoint);
      for (const other of caseForms(codePoint)) wanted.add(other);
    }
  }
  return [...wanted].filter((codePoint) => coverage.has(codePoint)).sort((a, b) => a - b);
}

/** The single-character upper and lower case forms of a character ('ß' uppercases to 'SS', two ASCII letters). */
function caseForms(codePoint: number): number[] {
  const character = String.fromCodePoint(codePoint);
  return [character.toUpperCase(), character.toLowerCase()]
    .filter((form) => [...form].length === 1)
    .map((form) => form.codePointAt(0) as number);
}

/** Control characters are never text: neither face is declared for them. */
export function isControl(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
}

/** The code points a CSS `unicode-range` value names ('U+0000-00FF,U+0131'); wildcards ('U+4??') are not used by the fonts. */
export function parseUnicodeRange(value: string): Set<number> {
  const codePoints = new Set<number>();
  for (const part of value.split(",")) {
    const match = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!match) throw new Error(`Not a unicode-range part: '${part}'`);
    const first = Number.parseInt(match[1], 16);
    const last = match[2] === undefined ? first : Number.parseInt(match[2], 16);
    for (const codePoint of range(first, last)) codePoints.add(codePoint);
  }
  return codePoints;
}

/** A CSS `unicode-range` value naming exactly these code points, consecutive ones as one span. */
export function formatUnicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const spans: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
    spans.push(
      sorted[start] === sorted[end]
        ? hex(sorted[start])
        : `${hex(sorted[start])}-${sorted[end].toString(16).toUpperCase().padStart(4, "0")}`,
    );
    start = end + 1;
  }
  return spans.join(", ");
}

export interface FontFaceRule {
  family: string;
  style: "normal" | "italic";
  weight: number;
  display: "swap" | "optional";
  /** The file's URL as the stylesheet names it. */
  url: string;
  unicodeRange: string;
}

/** One `@font-face` rule, with the face's `font-display` (FONT_FACES says which and why). */
export function fontFaceCss({ family, style, weight, display, url, unicodeRange }: FontFaceRule): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    `  font-style: ${style};`,
    `  font-weight: ${weight};`,
    `  font-display: ${display};`,
    `  src: url("${url}") format("woff2");`,
    // On a line of its own, as the formatter puts a long value.
    `  unicode-range:\n    ${unicodeRange};`,
    "}",
  ].join("\n");
}

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
