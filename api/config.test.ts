import { describe, expect, it } from "vitest";
import { PG_POOL_MAX_DEFAULT } from "#contract/constants.ts";
import { InvalidSettingsError } from "#contract/settings.ts";
import { readBackendConfig } from "./config.ts";

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    readBackendConfig(env);
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.problems.map((problem) => problem.variable);
    throw error;
  }
  return [];
};

describe("readBackendConfig", () => {
  it("takes PG_POOL_MAX as a whole number of connections, 10 when unset", () => {
    expect(readBackendConfig({}).PG_POOL_MAX).toBe(PG_POOL_MAX_DEFAULT);
    expect(readBackendConfig({ PG_POOL_MAX: "25" }).PG_POOL_MAX).toBe(25);
  });

  it("refuses a PG_POOL_MAX that is not a positive whole number, naming it", () => {
    for (const value of ["lots", "0", "-3", "2.5", "100000"]) expect(problemsOf({ PG_POOL_MAX: value }), value).toEqual(["PG_POOL_MAX"]);
  });
});
