import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("writes CRLF lines and quotes only the cells that need it, doubling quotes", () => {
    expect(
      toCsv([
        ["email", "subscribed_at"],
        ["a@example.com", "2026-11-01"],
        ['say "hi", then\nleave', "x"],
      ]),
    ).toBe('email,subscribed_at\r\na@example.com,2026-11-01\r\n"say ""hi"", then\nleave",x\r\n');
  });

  it("keeps a spreadsheet from reading a cell as a formula", () => {
    expect(toCsv([['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\t=1", "plain=1"]])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),'\t=1,plain=1\r\n`,
    );
  });
});
