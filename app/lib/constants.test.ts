import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TIMING_MS } from "./constants.ts";

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
