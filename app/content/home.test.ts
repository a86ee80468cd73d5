import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HERO_SLIDES } from "./home.ts";

/** The words of an artwork's own label (generate-images.ts writes what it draws into each SVG's aria-label). */
const drawnWords = (image: string) => {
  const label = /aria-label="([^"]+)"/.exec(readFileSync(`public${image}`, "utf8"))?.[1] ?? "";
  return label.split(/[^a-z-]+/i).filter((word) => word.length > 3 && !["girls'", "baby"].includes(word));
};

describe("the home hero", () => {
  it("describes in each slide's alt text what its picture shows", () => {
    for (const slide of HERO_SLIDES) {
      const words = drawnWords(slide.image);
      expect(words.length, slide.image).toBeGreaterThan(2);
      const missing = words.filter((word) => !slide.imageAlt.toLowerCase().includes(word.toLowerCase()));
      expect(missing, slide.id).toEqual([]);
    }
  });
});
