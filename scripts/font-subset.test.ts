import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  codePointsOf,
  FONT_FACES,
  formatUnicodeRange,
  latinCoverage,
  parseUnicodeRange,
  readShopTexts,
  subsetCodePoints,
} from "./font-subset.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const LATIN_1 = parseUnicodeRange("U+0000-00FF");

describe("unicode-range", () => {
  it("joins consecutive code points into spans and keeps single ones alone", () => {
    expect(formatUnicodeRange([0x41, 0x20ac, 0x42, 0x43, 0xa3, 0x42])).toBe("U+0041-0043, U+00A3, U+20AC");
  });

  it("reads back what it writes", () => {
    const codePoints = [0x20, 0x21, 0x7e, 0xa0, 0x2013, 0x2014, 0x1f600];
    expect([...parseUnicodeRange(formatUnicodeRange(codePoints))]).toEqual(codePoints);
  });

  it("refuses what it cannot read", () => {
    expect(() => parseUnicodeRange("U+4??")).toThrow("Not a unicode-range part");
  });
});

describe("subsetCodePoints", () => {
  it("always holds printable ASCII and the typographic margin", () => {
    const subset = subsetCodePoints([], parseUnicodeRange("U+0000-00FF,U+2000-206F,U+20AC"));
    for (const character of " AZaz09~£€–—…‘’“”") expect(subset).toContain(character.codePointAt(0));
  });

  it("adds the texts' characters with the other case of each letter, which CSS may uppercase", () => {
    const subset = subsetCodePoints(["Café Ö"], LATIN_1);
    for (const character of "éÉÖö") expect(subset).toContain(character.codePointAt(0));
    expect(subset).not.toContain("è".codePointAt(0));
  });

  it("leaves out what the full file does not cover, and control characters", () => {
    const subset = subsetCodePoints(["zł ₹\t\n\u0085"], LATIN_1);
    for (const character of "łŁ₹\t\n\u0085") expect(subset).not.toContain(character.codePointAt(0));
  });

  it("is sorted, each code point once", () => {
    const subset = subsetCodePoints(["ééé", "É"], LATIN_1);
    expect(subset).toEqual([...new Set(subset)].sort((a, b) => a - b));
  });
});

describe("the committed fonts", () => {
  const stylesheet = readFileSync(`${ROOT}app/styles/fonts.css`, "utf8");
  const texts = readShopTexts(ROOT);

  it("reads the shop's texts: the catalogue, the storefront and the demo catalogue", () => {
    const all = codePointsOf(texts.join(""));
    for (const character of "£…–×") expect(all).toContain(character.codePointAt(0));
  });

  it.each(FONT_FACES)("declare $family $weight $style for the characters the texts use now (else: npm run fonts:subset)", (face) => {
    const rules = stylesheet
      .split("@font-face")
      .filter(
        (rule) =>
          rule.includes(`"${face.family}"`) && rule.includes(`font-style: ${face.style};`) && rule.includes(`font-weight: ${face.weight};`),
      );
    const subsetRule = rules.find((rule) => rule.includes(".subset.woff2"));
    const subsetFile = subsetRule && /url\("\.\.\/assets\/fonts\/([^"]+)"\)/.exec(subsetRule)?.[1];
    const declared = subsetRule && /unicode-range:\s*([^;]+);/.exec(subsetRule)?.[1];
    expect(rules).toHaveLength(2);
    expect(subsetFile && existsSync(`${ROOT}app/assets/fonts/${subsetFile}`)).toBe(true);
    expect(declared && [...parseUnicodeRange(declared)]).toEqual(subsetCodePoints(texts, latinCoverage(face)));
  });
});
