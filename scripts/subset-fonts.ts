/**
 * Writes the subset font files (app/assets/fonts/) and the stylesheet that declares the faces (app/styles/fonts.css):
 * `npm run fonts:subset`, after a text with a new character lands (scripts/font-subset.test.ts says when).
 * Each face is fontsource's Latin file cut to the characters the shop's own texts use (scripts/font-subset.ts), with
 * the layout features the design relies on; the full Latin file stays declared for the rest of the Latin range, so
 * a shopper's name or review in other letters still shows in the brand face.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import {
  FONT_FACES,
  type FontFace,
  fontFaceCss,
  formatUnicodeRange,
  isControl,
  latinCoverage,
  latinFileName,
  readShopTexts,
  subsetCodePoints,
} from "./font-subset.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const STYLESHEET = "app/styles/fonts.css";

/**
 * The OpenType features kept: what browsers apply to all text by default (kerning, standard and contextual
 * ligatures, mark placement, localised forms) and tabular figures (`font-variant-numeric: tabular-nums`). Other
 * features (small capitals, old-style figures, stylistic sets) are unused, and their glyphs would weigh a third
 * of the file.
 */
const LAYOUT_FEATURES = ["kern", "liga", "clig", "calt", "ccmp", "locl", "mark", "mkmk", "rlig", "rvrn", "tnum"];

/** The subset file of a face, as the stylesheet (in app/styles/) names it. */
export function subsetFileName(face: FontFace): string {
  return `${latinFileName(face).replace("-latin-", "-")}.subset.woff2`;
}

const USAGE = `Usage: npm run fonts:subset

Cuts each of the shop's font faces to the characters its own texts use, writing app/assets/fonts/*.subset.woff2 and
${STYLESHEET}; the same bytes on every run. Run it when scripts/font-subset.test.ts says a text brought a new character.`;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
if (process.argv.length > 2) {
  console.error(`Unexpected argument(s): ${process.argv.slice(2).join(" ")}\n\n${USAGE}`);
  process.exit(2);
}

const require = createRequire(import.meta.url);
const texts = readShopTexts(ROOT);
const rules: string[] = [];
for (const face of FONT_FACES) {
  const fullFile = `${face.packageName}/files/${latinFileName(face)}.woff2`;
  const coverage = latinCoverage(face);
  const subset = subsetCodePoints(texts, coverage);
  const source = readFileSync(require.resolve(fullFile));
  const output = await subsetFont(source, String.fromCodePoint(...subset), { targetFormat: "woff2", keepFeatures: LAYOUT_FEATURES });
  writeFileSync(`${ROOT}app/assets/fonts/${subsetFileName(face)}`, output);
  const rest = [...coverage].filter((codePoint) => !subset.includes(codePoint) && !isControl(codePoint));
  rules.push(
    fontFaceCss({ ...face, url: `../assets/fonts/${subsetFileName(face)}`, unicodeRange: formatUnicodeRange(subset) }),
    fontFaceCss({ ...face, url: fullFile, unicodeRange: formatUnicodeRange(rest) }),
  );
  console.log(`${subsetFileName(face)}: ${subset.length} characters, ${output.length} bytes (the full Latin file: ${source.length})`);
}
writeFileSync(
  `${ROOT}${STYLESHEET}`,
  `/* Written by scripts/subset-fonts.ts (npm run fonts:subset): edit the script, not this file.
   Each face twice: the subset file for the characters the shop's texts use, fontsource's Latin file for the rest. */
${rules.join("\n\n")}
`,
);
console.log(`Wrote ${STYLESHEET}.`);
