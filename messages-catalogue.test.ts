import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as MSG from "#contract/messages.ts";

/** Every source file of the shop but the catalogue itself and the tests. */
function shopSources(): string {
  const files: string[] = [];
  for (const root of ["app", "server", "api", "contract", "scripts"]) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.startsWith("contract/messages")) {
        files.push(path);
      }
    }
  }
  return files.map((file) => readFileSync(file, "utf8")).join("\n");
}

describe("the messages catalogue", () => {
  it("holds only messages something shows: each is read as MSG.<section>.<key>, <section>.<key> or <alias>.<key>", () => {
    const sources = shopSources();
    // A module that reads one section often names it once: `const T = MSG.adminCatalogue;`.
    const aliases = [...sources.matchAll(/const (\w+) = MSG\.(\w+);/g)].map(([, alias, section]) => ({ alias, section }));
    const namesOf = (section: string) => [section, ...aliases.filter((entry) => entry.section === section).map((entry) => entry.alias)];
    const unused = Object.entries(MSG)
      .filter(([section]) => section !== "MSG")
      .flatMap(([section, messages]) => Object.keys(messages).map((key) => ({ section, key })))
      .filter(({ section, key }) => !namesOf(section).some((name) => new RegExp(`\\b${name}\\.${key}\\b`).test(sources)))
      .map(({ section, key }) => `${section}.${key}`);
    expect(unused).toEqual([]);
  });
});
