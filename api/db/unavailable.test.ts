import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows PostgreSQL's answers while it stops, starts, times out or is full", () => {
    for (const code of ["57P01", "57P02", "57P03", "57014", "25P03", "53300", "08006", "08001", "08003"]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it("knows a refused, reset or unreachable socket, also inside an AggregateError or as a cause", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("ECONNRESET"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("outer", { cause: withCode("ETIMEDOUT") }))).toBe(true);
  });

  it("knows node-postgres's own words for a broken connection or a full pool", () => {
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
  });

  it("knows SQLite's busy lock after busy_timeout", () => {
    expect(isDatabaseUnavailable(withCode("SQLITE_BUSY", "database is locked"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_BUSY_SNAPSHOT"))).toBe(true);
  });

  it("leaves faults in queries and data to the 500 they are", () => {
    for (const code of ["23505", "42P01", "22P02", "40P01", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_ERROR"]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
