import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as MSG from "./messages.ts";

/** Every source file of the shop but the catalogue itself and the tests. */
function shopSources(): string {
  const files: string[] = [];
  for (const root of ["app", "api", "contract", "scripts"]) {
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
  it("holds only messages something shows: each is read as MSG.<section>.<key> or <section>.<key>", () => {
    const sources = shopSources();
    const unused = Object.entries(MSG)
      .filter(([section]) => section !== "MSG")
      .flatMap(([section, messages]) => Object.keys(messages).map((key) => `${section}.${key}`))
      .filter((name) => !new RegExp(`\\b${name.replace(".", "\\.")}\\b`).test(sources));
    expect(unused).toEqual([]);
  });
});
