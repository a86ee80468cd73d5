import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/decisions: one record per number, each titled by its own number, so a link by number finds the right text;
 * each says what holds now in one text (a change rewrites it; the history is in git), never in addenda after it.
 */
const DIR = "docs/decisions";
const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe("the decision records", () => {
  it("are titled by the number in their file name", () => {
    const mistitled = records.filter((name) => !readFileSync(`${DIR}/${name}`, "utf8").startsWith(`# ${name.slice(0, 4)}: `));
    expect(mistitled).toEqual([]);
  });

  it("carry no addenda", () => {
    expect(records.filter((name) => /^## Addendum/m.test(readFileSync(`${DIR}/${name}`, "utf8")))).toEqual([]);
  });

  it("use each number once", () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });
});
