import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connect } from "./connect.ts";

afterEach(() => vi.restoreAllMocks());

describe("connect (SQLite)", () => {
  it("prepares each SQL text once and runs it again with other parameters", async () => {
    const prepare = vi.spyOn(SQLite.prototype, "prepare");
    const db = connect(":memory:");
    try {
      const square = async (n: number) => (await sql<{ value: number }>`select ${n} * ${n} as value`.execute(db.kysely)).rows[0]?.value;
      expect([await square(2), await square(3), await square(4)]).toEqual([4, 9, 16]);
      const texts = prepare.mock.calls.map(([text]) => text).filter((text) => text.startsWith("select"));
      expect(texts).toEqual(["select ? * ? as value"]);
    } finally {
      await db.close();
    }
  });
});
