import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHOP } from "#contract/shop.ts";
import { ICON_NAMES, SOCIAL_NETWORKS, socialSymbolId } from "./icon-names.ts";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map(([, id]) => id);

describe("icon sprite", () => {
  it("holds exactly one symbol per icon name and social mark, and the fallback mark", () => {
    const expected = [...ICON_NAMES, ...SOCIAL_NETWORKS.map(socialSymbolId), "social-other"];
    expect(symbolIds.toSorted()).toEqual(expected.toSorted());
  });

  it("has a mark of its own for every network the shop links to", () => {
    for (const { network } of SHOP.social) expect(socialSymbolId(network)).not.toBe("social-other");
  });

  it("falls back to the plain mark for a network it does not know", () => {
    expect(socialSymbolId("Myspace")).toBe("social-other");
  });
});
