import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE_FRESHNESS } from "#contract/constants.ts";
import { SHARED_PAGE_SECONDS, TIMING_MS, TOP_BAR_MESSAGES, topBarMessages } from "./constants.ts";

describe("TIMING_MS", () => {
  it("holds only timings the storefront uses (a fade in CSS is set from here as a custom property)", () => {
    const sources = readdirSync("app", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
      .join("\n");
    const unused = Object.keys(TIMING_MS).filter((key) => !new RegExp(`TIMING_MS\\.${key}\\b`).test(sources));
    expect(unused).toEqual([]);
  });
});

describe("SHARED_PAGE_SECONDS", () => {
  it("shares out no more than the freshness bound leaves after the server's own lag", () => {
    const { browser, shared, stale } = SHARED_PAGE_SECONDS;
    expect((browser + shared + stale) * 1000 + CATALOGUE_FRESHNESS.trustForMs).toBeLessThanOrEqual(CATALOGUE_FRESHNESS.boundMs);
  });
});

describe("topBarMessages", () => {
  it("promises the live first-purchase saving in the spec's words, with that percentage", () => {
    expect(topBarMessages(10)).toEqual([
      "EXCLUSIVE, MODEST AND LUXURY NEW ARRIVALS EVERY MONTH",
      TOP_BAR_MESSAGES.delivery,
      "SAVE 10% ON YOUR FIRST PURCHASE - JOIN OUR COMMUNITY TODAY",
    ]);
    expect(topBarMessages(15)[2]).toBe("SAVE 15% ON YOUR FIRST PURCHASE - JOIN OUR COMMUNITY TODAY");
  });

  it("promises no saving while none is live", () => {
    expect(topBarMessages(null)).toEqual([
      TOP_BAR_MESSAGES.arrivals,
      TOP_BAR_MESSAGES.delivery,
      "JOIN OUR COMMUNITY - NEW ARRIVALS FIRST, BY E-MAIL",
    ]);
  });
});
