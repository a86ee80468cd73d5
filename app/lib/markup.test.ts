import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./markup.ts";

describe("escapeMarkup", () => {
  it("replaces the five characters that could end a text or a quoted attribute, and nothing else", () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's £5</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s £5&lt;/a&gt;");
  });
});
